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
        .library(name: "SnapCore", targets: ["SnapCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // MARK: - Rules

        .target(name: "SnapCore", swiftSettings: swiftSettings),
        .testTarget(name: "SnapCoreTests", dependencies: ["SnapCore"], swiftSettings: swiftSettings),

        // MARK: - Terminal client

        .target(name: "SnapTerminal", dependencies: ["SnapCore"], swiftSettings: swiftSettings),
        .testTarget(name: "SnapTerminalTests", dependencies: ["SnapTerminal", "SnapCore"], swiftSettings: swiftSettings),

        // MARK: - Command line

        .executableTarget(
            name: "snap",
            dependencies: [
                "SnapCore",
                "SnapTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "SnapCLITests", dependencies: ["SnapCore"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
