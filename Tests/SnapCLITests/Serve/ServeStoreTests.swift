import Foundation
import SnapTestSupport
import Testing

/// `snap serve --db …` with storage it cannot use: one line saying what is wrong and what to do, before anything
/// else, and the file left as it was.
@Suite struct ServeStoreTests {
    @Test func aFileThatIsNotASnapDatabaseStopsTheServerUntouched() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snap-db-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        let text = Data("shopping: milk, eggs\n".utf8)
        try text.write(to: file)
        let result = try await SnapBinary.run(["serve", "--host", "127.0.0.1", "--port", "0", "--db", file.path])
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(file.path) is not a Snap! database; it was not changed. Pass another file with --db."), "\(result.stderr)")
        #expect(!result.stdout.contains("Snap! server running"))
        #expect(try Data(contentsOf: file) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }

    @Test(arguments: [
        ("postgres://snap@/snap", "needs a host"), ("postgres://db.example/snap", "needs a user"),
        ("postgres://snap@db.example", "one database name"), ("ftp://example/snap", "only postgres://"),
        ("", "the path is empty"),
    ])
    func aMalformedLocationIsRefusedWithWhatToPass(value: String, words: String) async throws {
        let result = try await SnapBinary.run(["serve", "--db", value])
        #expect(result.status != 0)
        #expect(result.stderr.contains(words), "\(result.stderr)")
        #expect(result.stderr.contains("Pass a file path, :memory:, or postgres://"), "\(result.stderr)")
    }

    @Test func anUnreachablePostgreSQLServerIsSaidAtOnce() async throws {
        // A port nothing listens on: refused at once.
        let result = try await SnapBinary.run(["serve", "--port", "0", "--db", "postgres://snap@127.0.0.1:1/snap"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("cannot reach the database at postgres://snap@127.0.0.1:1/snap"), "\(result.stderr)")
        #expect(result.stderr.contains("Check that it is running, or pass another --db."), "\(result.stderr)")
    }
}
