import Foundation
import SnapCore
import SnapProtocol
import Testing

/// Seeded computer-only games as one player's connection receives them, checked in as
/// `Tests/web/fixtures/recorded_games.json` for the web client's `table_state.js` tests: the first Snapshot,
/// every table event packet in order, and the Snapshot the table would send at the end.
///
/// The games are played again here and must match the file. After a deliberate change to the rules, the
/// computer players or the wire format, rewrite it with
/// `SNAP_WRITE_FIXTURES=1 swift test --filter RecordedGameFixtureTests`.
@Suite struct RecordedGameFixtureTests {
    /// The fixture file's contents.
    struct Fixture: Codable, Equatable {
        var about: String
        var games: [RecordedGame]
    }

    /// One game as one viewer's connection saw it; every packet is a whole frame in hex.
    struct RecordedGame: Codable, Equatable {
        /// What the game covers.
        var name: String
        /// The runner's SplitMix64 seed.
        var seed: UInt64
        /// The viewer's seat when the first Snapshot was taken (it moves if the seats are rearranged).
        var viewer: UInt8
        /// The Snapshot the viewer got on joining.
        var snapshot: String
        /// Every table event packet after it, numbered on from the Snapshot.
        var packets: [String]
        /// The Snapshot of `table.view(for: viewer)` after the last packet, numbered next.
        var final: String
    }

    /// The most packets a game may hold, to keep the file small.
    static let packetLimit = 320

    static let fixtureURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("web/fixtures/recorded_games.json")

    static let about = """
        Written by Tests/SnapProtocolTests/RecordedGameFixtureTests.swift \
        (SNAP_WRITE_FIXTURES=1 swift test --filter RecordedGameFixtureTests). Per game: the Snapshot the viewer \
        got on joining, every table event packet after it, and the Snapshot of the table at the end, all in hex.
        """

    /// Plays the games again.
    static func recordedGames() throws -> [RecordedGame] {
        [try twoPlayers(), try threePlayers(), try fourPlayers()]
    }

    /// Ann (the viewer, host) and Ray; Ray leaves mid-round, so Ann wins.
    static func twoPlayers() throws -> RecordedGame {
        var game = try GameRecorder(
            name: "two players; Ray leaves mid-round and the viewer wins", seed: 7,
            joining: ["Ann", "Ray"], viewerIndex: 0)
        try game.startRound()
        game.play(untilPackets: 240)
        try game.leave(.top)
        return game.finish()
    }

    /// Ann, Ray (the viewer, top) and Lucy; Lucy leaves mid-round and her cards are handed out.
    static func threePlayers() throws -> RecordedGame {
        var game = try GameRecorder(
            name: "three players, seen from the top; Lucy leaves mid-round", seed: 8,
            joining: ["Ann", "Ray", "Lucy"], viewerIndex: 1)
        try game.startRound()
        game.play(untilPackets: 200)
        try game.leave(.left)
        game.play(untilPackets: 270)
        return game.finish()
    }

    /// Four players seen from the right; three leave, Zed joins (the seats are rearranged) and round 2 starts.
    static func fourPlayers() throws -> RecordedGame {
        var game = try GameRecorder(
            name: "four players, seen from the right; three leave, the seats are rearranged, round 2 starts",
            seed: 9, joining: ["Ann", "Ray", "Lucy", "Steve"], viewerIndex: 3)
        try game.startRound()
        game.play(untilPackets: 150)
        try game.leave(.top)
        try game.leave(.left)
        try game.leave(.bottom)
        try game.join("Zed")
        try game.startRound()
        game.play(untilPackets: 260)
        return game.finish()
    }

    @Test func theRecordedGamesMatchTheFixtureFile() throws {
        let fixture = Fixture(about: Self.about, games: try Self.recordedGames())
        if ProcessInfo.processInfo.environment["SNAP_WRITE_FIXTURES"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            var data = try encoder.encode(fixture)
            data.append(0x0A)
            try FileManager.default.createDirectory(
                at: Self.fixtureURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: Self.fixtureURL)
            return
        }
        let regenerate = "run SNAP_WRITE_FIXTURES=1 swift test --filter RecordedGameFixtureTests to rewrite it"
        guard let data = try? Data(contentsOf: Self.fixtureURL) else {
            Issue.record("\(Self.fixtureURL.path) is missing: \(regenerate)")
            return
        }
        let stored = try JSONDecoder().decode(Fixture.self, from: data)
        guard stored != fixture else { return }
        Issue.record(
            """
            \(Self.fixtureURL.path) differs from the games played now: \(Self.firstDifference(stored, fixture)). \
            If the change is intended, \(regenerate).
            """)
    }

    @Test func everyGameStaysSmallAndEndsWhereTheTableIs() throws {
        for game in try Self.recordedGames() {
            #expect(game.packets.count <= Self.packetLimit, "\(game.name)")
            var view = try Self.view(fromSnapshot: game.snapshot)
            for hex in game.packets {
                let frame = try Frame.decode(try Hex.bytes(hex))
                let events = try #require(try frame.packet.tableEvents(in: view), "\(frame.packet.name)")
                view.apply(events)
            }
            var final = try Self.view(fromSnapshot: game.final)
            // A Snapshot leaves out the last round's deal code, which RoundDeal after it says (as it said in the game).
            #expect(final.deal == nil)
            final.deal = view.deal
            #expect(view == final, "\(game.name)")
        }
    }

    @Test func theGamesCoverTheCommonTableEvents() throws {
        var names = Set<String>()
        for game in try Self.recordedGames() {
            for hex in game.packets { names.insert(try Frame.decode(try Hex.bytes(hex)).packet.name) }
        }
        let expected: Set<String> = [
            "PlayerJoined", "SeatsRearranged", "HostChanged", "DealCards", "DealFinished", "ActivatePlayer",
            "CardTurned", "PlayerCalledSnap", "PileCollected", "CardPaid", "Resumed", "OtherClientQuit", "RoundWon",
        ]
        #expect(expected.subtracting(names).isEmpty, "missing: \(expected.subtracting(names).sorted())")
    }

    static func view(fromSnapshot hex: String) throws -> PlayerView {
        guard case .snapshot(let view) = try Frame.decode(try Hex.bytes(hex)).packet else {
            throw FixtureProblem.notASnapshot(hex)
        }
        return view
    }

    enum FixtureProblem: Error {
        case notASnapshot(String)
    }

    /// Where two fixtures first part, in words.
    static func firstDifference(_ stored: Fixture, _ played: Fixture) -> String {
        guard stored.games.count == played.games.count else {
            return "\(stored.games.count) games stored, \(played.games.count) played"
        }
        for (old, new) in zip(stored.games, played.games) where old != new {
            if old.snapshot != new.snapshot { return "\(new.name): the first Snapshot" }
            for (index, (a, b)) in zip(old.packets, new.packets).enumerated() where a != b {
                return "\(new.name): packet \(index), stored \(a), played \(b)"
            }
            if old.packets.count != new.packets.count {
                return "\(new.name): \(old.packets.count) packets stored, \(new.packets.count) played"
            }
            return "\(new.name): the final Snapshot or the game's description"
        }
        return "the description"
    }
}

/// Runs a computer-only table and keeps what one viewer's connection receives.
private struct GameRecorder {
    let name: String
    let seed: UInt64
    var runner: TableRunner<SplitMix64>
    var translator: TableEventPackets
    /// The viewer's id: their seat may change when the seats are rearranged.
    let viewerID: PlayerID
    let firstSeat: Seat
    let snapshot: String
    var packets: [String] = []
    var number: UInt32 = 0

    /// Seats the players in `names` in order; the one at `viewerIndex` is the viewer, whose Snapshot is taken
    /// as they sit down. Those after them join afterwards, as packets.
    init(name: String, seed: UInt64, joining names: [String], viewerIndex: Int) throws {
        self.name = name
        self.seed = seed
        runner = TableRunner(generator: SplitMix64(seed: seed))
        translator = TableEventPackets(seating: runner.table)
        for playerName in names.prefix(viewerIndex + 1) {
            // Before the viewer is at the table their connection hears nothing; the translator still follows.
            _ = translator.packets(for: try runner.perform(.join(Self.player(playerName))))
        }
        viewerID = Self.player(names[viewerIndex]).id
        firstSeat = runner.table.seat(of: viewerID)!
        snapshot = Hex.string(Frame(number: number, packet: .snapshot(runner.table.view(for: firstSeat))).encoded())
        number += 1
        for playerName in names.dropFirst(viewerIndex + 1) { try join(playerName) }
    }

    static func player(_ name: String) -> PlayerInfo {
        PlayerInfo(id: PlayerID(name.lowercased()), name: name, isComputer: true)
    }

    mutating func record(_ events: [TableEvent]) {
        for packet in translator.packets(for: events) {
            packets.append(Hex.string(Frame(number: number, packet: packet).encoded()))
            number += 1
        }
    }

    mutating func join(_ name: String) throws {
        record(try runner.perform(.join(Self.player(name))))
    }

    mutating func leave(_ seat: Seat) throws {
        record(try runner.perform(.leave(seat)))
    }

    mutating func startRound() throws {
        record(try runner.perform(.startRound(by: runner.table.host!)))
    }

    /// Fires timers until the packets reach `limit` or the round ends.
    mutating func play(untilPackets limit: Int) {
        while packets.count < limit, runner.table.phase.isRoundUnderWay, let events = runner.fireNextTimer() {
            record(events)
        }
    }

    /// The game, ending with the Snapshot the viewer (wherever they sit now) would get next.
    func finish() -> RecordedGameFixtureTests.RecordedGame {
        let view = runner.table.view(for: runner.table.seat(of: viewerID))
        return RecordedGameFixtureTests.RecordedGame(
            name: name, seed: seed, viewer: firstSeat.rawValue, snapshot: snapshot, packets: packets,
            final: Hex.string(Frame(number: number, packet: .snapshot(view)).encoded()))
    }
}
