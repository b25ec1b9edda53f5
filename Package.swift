// swift-tools-version: 6.1
import PackageDescription

// MARK: - Shared settings

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "snap",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "snap", targets: ["snap"]),
        // The benchmarks, in a binary of their own that players never build (`swift build --product snap-bench`).
        // A product of this package rather than a package of its own like Fuzz/: CI builds every product once,
        // where a second package would build all the dependencies again.
        .executable(name: "snap-bench", targets: ["snap-bench"]),
        // What a Swift app, bot or tool builds on: each has a DocC catalogue (scripts/docs builds them).
        .library(name: "SnapCore", targets: ["SnapCore"]),
        .library(name: "SnapProtocol", targets: ["SnapProtocol"]),
        .library(name: "SnapClient", targets: ["SnapClient"]),
        // Never linked into anything: it only makes `swift build` put libMallocInterposerSwift.so beside snap-bench,
        // where `snap-bench engine` preloads it into a child process to count allocations.
        .library(name: "SnapAllocationCounting", type: .dynamic, targets: ["SnapAllocationCounting"]),
    ],
    traits: [
        // Off by default: a player's `swift run snap` then leaves out postgres-nio and the cryptography it needs
        // (swift-crypto's BoringSSL), about a third of a first build. `snap serve --db postgres://…` and
        // `--node-url` need it: `swift build --traits PostgreSQL` (scripts/test builds with it).
        .trait(name: "PostgreSQL", description: "PostgreSQL for `snap serve`: history in a server, and clusters of nodes."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // Without its default traits: Snap! reads no swift-configuration and decodes no forms.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // `swift package generate-documentation` (scripts/docs): a plugin, never linked into anything.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Rules

        .target(
            name: "SnapCore",
            swiftSettings: swiftSettings,
            // Rounding a Double calls libm's round(), which Linux links only with Foundation: a program of SnapCore
            // alone (Examples/snap-simulate) needs it named.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .testTarget(name: "SnapCoreTests", dependencies: ["SnapCore"], swiftSettings: swiftSettings),

        // MARK: - Wire format

        .target(name: "SnapProtocol", dependencies: ["SnapCore"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SnapProtocolTests",
            dependencies: ["SnapProtocol", "SnapCore"],
            resources: [.copy("GoldenVectors.json")],
            swiftSettings: swiftSettings
        ),

        // MARK: - Languages: the texts of every client, by key, one catalogue per language

        .target(name: "SnapLocalization", resources: [.copy("Catalogues")], swiftSettings: swiftSettings),
        .testTarget(name: "SnapLocalizationTests", dependencies: ["SnapLocalization"], swiftSettings: swiftSettings),

        // MARK: - LAN: discovery (DNS-SD) and QR codes, through system libraries loaded at run time

        .target(
            name: "SnapLAN",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "SnapLANTests", dependencies: ["SnapLAN", "SnapTestSupport"], swiftSettings: swiftSettings),

        // MARK: - Storage: finished rounds, for history, replays and stats

        .target(
            name: "SnapStore",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The store and the cluster's directory over PostgreSQL: in `snap` only with the PostgreSQL trait.
        .target(
            name: "SnapPostgres",
            dependencies: [
                "SnapStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SnapStoreTests",
            dependencies: [
                "SnapStore", "SnapPostgres", "SnapTestSupport",
                // To build files and databases the way an older Snap! (or another program) left them.
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: - Server

        .target(
            name: "SnapServer",
            dependencies: [
                "SnapCore",
                "SnapProtocol",
                "SnapLAN",
                "SnapLocalization",
                "SnapStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Public")],
            swiftSettings: swiftSettings
        ),
        // Raw sockets and hand-made WebSocket frames, for tests that must break the rules on purpose.
        .target(
            name: "SnapTestSupport",
            dependencies: [
                "SnapProtocol", "SnapStore", "SnapNetworkTools", "SnapLAN",
                // A database of its own for each test that uses PostgreSQL.
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/SnapTestSupport", swiftSettings: swiftSettings),
        // A real server on a loopback port and players on SnapClient, for the tests of the server and of the client.
        .target(
            name: "SnapServerTestSupport",
            dependencies: [
                "SnapServer", "SnapClient", "SnapCore", "SnapProtocol", "SnapStore", "SnapPostgres", "SnapTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/SnapServerTestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "SnapServerTests",
            dependencies: [
                "SnapServer", "SnapClient", "SnapProtocol", "SnapCore", "SnapLAN", "SnapLocalization", "SnapStore", "SnapPostgres",
                "SnapTestSupport", "SnapServerTestSupport",
                // The DelayProxy stands between a client and a node that vanishes.
                "SnapNetworkTools", .product(name: "GRDB", package: "GRDB.swift"),
                // A channel and event loop of NIO's own for the lean WebSocket path's unit tests, and for the
                // in-process harness that runs a whole server on them.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // The registry's own writing of a counter and a histogram, which the striped metrics must match.
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: - Swift client

        .target(
            name: "SnapClient",
            dependencies: [
                "SnapCore",
                "SnapProtocol",
                // Finding servers on the local network (SnapClient.findServers).
                "SnapLAN",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The client's session (what it does with each packet) without a socket, and the client against a real server.
        .testTarget(
            name: "SnapClientTests",
            dependencies: [
                "SnapClient", "SnapCore", "SnapProtocol", "SnapServer", "SnapLAN", "SnapServerTestSupport", "SnapTestSupport",
            ],
            swiftSettings: swiftSettings),

        // MARK: - Terminal client

        .target(name: "SnapTerminal", dependencies: ["SnapCore", "SnapClient", "SnapLAN", "SnapLocalization"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SnapTerminalTests", dependencies: ["SnapTerminal", "SnapCore", "SnapLAN", "SnapLocalization", "SnapProtocol"], swiftSettings: swiftSettings),

        // MARK: - Benchmarks

        // A delay proxy and the one raw client (TCP, hand-made WebSocket frames) of benchmarks and tests alike.
        .target(
            name: "SnapNetworkTools",
            dependencies: [
                "SnapCore",
                "SnapProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SnapNetworkToolsTests",
            dependencies: [
                "SnapNetworkTools", "SnapCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SnapBench",
            dependencies: [
                "SnapNetworkTools",
                "SnapCore",
                "SnapProtocol",
                "SnapClient",
                "SnapServer",
                "SnapStore",
                "SnapPostgres",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SnapAllocationCounting",
            dependencies: [.product(name: "MallocInterposerSwift", package: "malloc-interposer")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "snap-bench",
            dependencies: [
                "SnapBench",
                "SnapCommandLine",
                "SnapCore",
                "SnapProtocol",
                "SnapServer",
                "SnapClient",
                "SnapStore",
                "SnapPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SnapBenchTests",
            dependencies: [
                "SnapBench", "SnapCore", "SnapServer", "SnapServerTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: - Command line

        // What snap and snap-bench share: the process's settings, the judging options, validation, JSON lines.
        .target(
            name: "SnapCommandLine",
            dependencies: [
                "SnapCore",
                "SnapStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        .executableTarget(
            name: "snap",
            dependencies: [
                "SnapCommandLine",
                "SnapCore",
                "SnapProtocol",
                "SnapServer",
                "SnapClient",
                "SnapTerminal",
                "SnapLAN",
                "SnapLocalization",
                "SnapStore",
                .target(name: "SnapPostgres", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "SnapCLITests", dependencies: ["SnapCore", "SnapClient", "SnapStore", "SnapPostgres", "SnapTestSupport"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
