import Foundation
import Testing

@testable import SnapTerminal

/// The file in which `snap join` keeps its seat's token for a restarted `snap join`: private to its owner, checked
/// when read, and never a crash however it was damaged.
@Suite struct KeptSeatsTests {
    private func temporaryStore() -> KeptSeats {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kept-seats-\(UUID().uuidString)")
        return KeptSeats(file: folder.appendingPathComponent("snap/seats.json"))
    }

    private let server = "ws://127.0.0.1:8080/ws"

    @Test func aSeatKeptIsFoundByServerTableAndName() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.file.deletingLastPathComponent().deletingLastPathComponent()) }
        try store.keep(KeptSeats.Entry(server: server, table: "KXPT", name: "Bob", token: "abc123"))
        try store.keep(KeptSeats.Entry(server: server, table: "MNBV", name: "Ann", token: "def456"))
        #expect(store.entry(server: server, table: "KXPT", name: "Bob").entry?.token == "abc123")
        #expect(store.entry(server: server, table: nil, name: "bob").entry?.table == "KXPT", "names ignore case")
        #expect(store.entry(server: server, table: "MNBV", name: "Bob").entry == nil)
        #expect(store.entry(server: "ws://10.0.0.2:8080/ws", table: "KXPT", name: "Bob").entry == nil)
        // The same seat again replaces the entry.
        try store.keep(KeptSeats.Entry(server: server, table: "KXPT", name: "Bob", token: "ghi789"))
        #expect(store.load().entries.count == 2)
        #expect(store.entry(server: server, table: "KXPT", name: "Bob").entry?.token == "ghi789")
        try store.forget(server: server, table: "KXPT", name: "Bob")
        #expect(store.entry(server: server, table: "KXPT", name: "Bob").entry == nil)
        #expect(store.load().entries.count == 1)
    }

    @Test func theFileAndItsFolderAreTheOwnersAlone() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.file.deletingLastPathComponent().deletingLastPathComponent()) }
        try store.keep(KeptSeats.Entry(server: server, table: "KXPT", name: "Bob", token: "abc123"))
        let file = try FileManager.default.attributesOfItem(atPath: store.file.path)
        let folder = try FileManager.default.attributesOfItem(atPath: store.file.deletingLastPathComponent().path)
        #expect((file[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.file.deletingLastPathComponent().path)
        #expect(leftovers == ["seats.json"], "no temporary file is left behind")
    }

    @Test(arguments: [
        "not json at all", "{\"version\": 1}", "{\"version\": 2, \"seats\": []}", "[1, 2, 3]", "",
        "{\"version\": 1, \"seats\": [{\"server\": 7}]}",
    ])
    func aDamagedFileIsIgnoredWithAClearMessage(text: String) throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.file.deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: store.file)
        let (entries, problem) = store.load()
        #expect(entries.isEmpty)
        #expect(problem?.hasPrefix("Ignoring \(store.file.path)") == true, "\(problem ?? "no message")")
        // It is replaced by the next seat kept.
        try store.keep(KeptSeats.Entry(server: server, table: "KXPT", name: "Bob", token: "abc123"))
        #expect(store.load().problem == nil)
        #expect(store.load().entries.count == 1)
    }

    @Test func entriesThatSnapCouldNotHaveWrittenAreSkipped() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.file.deletingLastPathComponent().deletingLastPathComponent()) }
        try store.keep(KeptSeats.Entry(server: server, table: "KXPT", name: "Bob", token: "abc123"))
        var text = try String(contentsOf: store.file, encoding: .utf8)
        let good = try #require(text.range(of: "\"seats\" : [\n"))
        let bad = [
            #"{"server": "http://x/ws", "table": "KXPT", "name": "Bob", "token": "a", "keptAt": "2026-11-27T00:00:00Z"},"#,
            #"{"server": "ws://x/ws", "table": "kxpt!", "name": "Bob", "token": "a", "keptAt": "2026-11-27T00:00:00Z"},"#,
            #"{"server": "ws://x/ws", "table": "KXPT", "name": "  ", "token": "a", "keptAt": "2026-11-27T00:00:00Z"},"#,
            #"{"server": "ws://x/ws", "table": "KXPT", "name": "Bob", "token": "a b\n", "keptAt": "2026-11-27T00:00:00Z"},"#,
        ]
        text.insert(contentsOf: bad.joined(separator: "\n") + "\n", at: good.upperBound)
        try Data(text.utf8).write(to: store.file)
        let (entries, problem) = store.load()
        #expect(entries.map(\.token) == ["abc123"])
        #expect(problem == "Ignoring 4 damaged entries in \(store.file.path).")
    }

    @Test func oldSeatsAreForgotten() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.file.deletingLastPathComponent().deletingLastPathComponent()) }
        let long = Date().addingTimeInterval(-2 * KeptSeats.lifetime)
        try store.keep(KeptSeats.Entry(server: server, table: "KXPT", name: "Bob", token: "abc123", keptAt: long))
        #expect(store.entry(server: server, table: "KXPT", name: "Bob").entry == nil)
    }

    @Test func aFolderInPlaceOfTheFileIsIgnored() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.file.deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: store.file, withIntermediateDirectories: true)
        let (entries, problem) = store.load()
        #expect(entries.isEmpty)
        #expect(problem == "Ignoring \(store.file.path): it is not a plain file.")
        #expect(throws: (any Error).self) {
            try store.keep(KeptSeats.Entry(server: server, table: "KXPT", name: "Bob", token: "abc123"))
        }
    }

    @Test func theFileIsUnderXDGStateHomeElseTheHomeFolder() {
        #expect(KeptSeats.standard(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.file.path == "/s/snap/seats.json")
        #expect(KeptSeats.standard(environment: ["HOME": "/h"])?.file.path == "/h/.local/state/snap/seats.json")
        #expect(KeptSeats.standard(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])?.file.path == "/h/.local/state/snap/seats.json")
        #expect(KeptSeats.standard(environment: [:]) == nil)
    }
}
