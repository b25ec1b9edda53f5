// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for the wire format and the rules engine, kept out of the main package: an executable
// that defines LLVMFuzzerTestOneInput has no main of its own and only links with `-sanitize=fuzzer`.
// Build and run them with scripts/fuzz.

// MARK: - Shared settings

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "SnapFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "snap", path: ".."),
    ],
    targets: [
        // MARK: - libFuzzer

        // libFuzzer's driver, declared for Swift; compiler-rt provides it.
        .systemLibrary(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], swiftSettings: swiftSettings),

        // MARK: - Fuzz targets

        .executableTarget(
            name: "FuzzDecoder",
            dependencies: ["FuzzSupport", .product(name: "SnapProtocol", package: "snap")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzTable",
            dependencies: ["FuzzSupport", .product(name: "SnapCore", package: "snap")],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
