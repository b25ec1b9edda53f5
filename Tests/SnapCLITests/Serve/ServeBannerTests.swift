import Foundation
@_spi(Instrumentation) import SnapClient
import SnapTestSupport
import Testing

/// What `snap serve` shows a newcomer first: the banner alone at the default log level, with a `join` command that
/// works as copied, for however this `snap` was started, on a line of its own and as short as it can be typed.
@Suite(.startsPrograms) struct ServeBannerTests {
    @Test func theBannerComesFirstWithoutTheFrameworksStartupLines() async throws {
        let port = try TmuxNetworkTests.freePort()
        let server = try await SnapBinary.startBackground(
            ["serve", "--host", "127.0.0.1", "--port", "\(port)"], until: "Ctrl-C", keepErrors: true)
        // A request in, so that anything logged on the way has been logged.
        _ = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/healthz")!)
        server.stop()
        #expect(server.banner.hasPrefix("Snap! server running."), "\(server.banner)")
        let errors = server.errorText()
        #expect(!errors.contains("Serving files from"), "\(errors)")
        #expect(!errors.contains("Server started and listening"), "\(errors)")
    }

    @Test func theGamesOwnMessagesStillShowAtTheDefaultLevel() async throws {
        let port = try TmuxNetworkTests.freePort()
        let server = try await SnapBinary.startBackground(
            ["serve", "--host", "127.0.0.1", "--port", "\(port)"], until: "Ctrl-C", keepErrors: true)
        let client = try await SnapClient.connect(to: "ws://127.0.0.1:\(port)/ws", name: "Ann")
        _ = try await client.sitDown(at: nil)
        await client.disconnect()
        server.stop()
        #expect(server.errorText().contains("table opened"), "\(server.errorText())")
    }

    @Test func theFrameworksStartupLinesShowAtDebug() async throws {
        let port = try TmuxNetworkTests.freePort()
        let server = try await SnapBinary.startBackground(
            ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--log-level", "debug"], until: "Ctrl-C",
            keepErrors: true)
        server.stop()
        #expect(server.errorText().contains("Server started and listening"), "\(server.errorText())")
    }

    @Test func aBinarySwiftPMBuiltSaysSwiftRun() async throws {
        let server = try await SnapBinary.startServer()
        server.stop()
        #expect(
            server.banner.contains("Play in a terminal:\n  swift run snap join ws://127.0.0.1:\(server.port) --name YourName"),
            "\(server.banner)")
    }

    @Test func aSnapOnPathSaysSnap() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snap-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("snap")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: SnapBinary.url)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let port = try TmuxNetworkTests.freePort()
        let server = try await SnapBinary.startBackground(
            ["serve", "--host", "127.0.0.1", "--port", "\(port)"], until: "Ctrl-C", executable: link,
            environment: ["PATH": "\(folder.path):\(path)"])
        server.stop()
        #expect(
            server.banner.contains("Play in a terminal:\n  snap join ws://127.0.0.1:\(port) --name YourName"),
            "\(server.banner)")
    }

    @Test func aCopiedBinaryElsewhereSaysItsPath() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snap-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("snap")
        try FileManager.default.copyItem(at: SnapBinary.url, to: copy)
        let port = try TmuxNetworkTests.freePort()
        let server = try await SnapBinary.startBackground(
            ["serve", "--host", "127.0.0.1", "--port", "\(port)"], until: "Ctrl-C", executable: copy)
        server.stop()
        #expect(
            server.banner.contains("Play in a terminal:\n  \(copy.path) join ws://127.0.0.1:\(port) --name YourName"),
            "\(server.banner)")
    }

    /// A binary started by its whole path from the home folder is named from `~`, which a person can type, and the
    /// line with the address stays inside a 100-column terminal however long the path is.
    @Test func aBinaryUnderTheHomeFolderSaysTildeAndTheAddressNeverWraps() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("snap-home-\(UUID().uuidString)")
        let folder = home.appendingPathComponent("games/snap-1.0/bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let copy = folder.appendingPathComponent("snap")
        try FileManager.default.copyItem(at: SnapBinary.url, to: copy)
        let port = try TmuxNetworkTests.freePort()
        let server = try await SnapBinary.startBackground(
            ["serve", "--host", "127.0.0.1", "--port", "\(port)"], until: "Ctrl-C", executable: copy,
            environment: ["HOME": home.path])
        server.stop()
        let lines = server.banner.split(separator: "\n").map(String.init)
        let join = try #require(lines.first { $0.contains(" join ws://") }, "\(server.banner)")
        #expect(join == "  ~/games/snap-1.0/bin/snap join ws://127.0.0.1:\(port) --name YourName")
        #expect(lines.contains("Play in a terminal:"))
        #expect(join.count <= 100)
    }
}
