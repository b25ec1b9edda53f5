import Foundation
import SnapProtocol
import Testing

/// The release a dependent pins and the CHANGELOG that describes it say the same thing.
@Suite struct SnapReleaseTests {
    /// CHANGELOG.md at the root of the repository.
    static let changelog: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)) ?? ""
    }()

    @Test func theNewestEntryOfTheChangelogIsThisRelease() throws {
        let heading = try #require(Self.changelog.split(separator: "\n").first { $0.hasPrefix("## ") && $0.contains(" — protocol ") })
        #expect(heading == "## \(SnapRelease.version) — protocol \(Wire.version)")
        #expect(SnapRelease.protocolVersion == Wire.version)
    }

    @Test func theVersionIsSemantic() {
        let parts = SnapRelease.version.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { UInt($0) != nil }, "\(SnapRelease.version)")
        #expect(SnapRelease.description == "\(SnapRelease.version) (protocol \(Wire.version))")
    }
}
