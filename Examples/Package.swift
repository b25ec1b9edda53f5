// swift-tools-version: 6.1
// Examples that build on Snap!'s libraries as another package would: by path here, by URL and version elsewhere
// (`.package(url: "https://github.com/…/snap", from: "1.0.0")`). scripts/test builds them and plays a round with
// the bot against a real `snap serve`.
import PackageDescription

let package = Package(
    name: "snap-examples",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "snap", path: ".."),
    ],
    targets: [
        // A bot that finds a server, joins a table (or hosts one) and plays a round, printing what happens.
        .executableTarget(
            name: "snap-bot",
            dependencies: [
                .product(name: "SnapClient", package: "snap"),
                .product(name: "SnapCore", package: "snap"),
            ]
        ),
        // Rounds of computer players on virtual time, with the rules engine alone.
        .executableTarget(name: "snap-simulate", dependencies: [.product(name: "SnapCore", package: "snap")]),
    ],
    swiftLanguageModes: [.v6]
)
