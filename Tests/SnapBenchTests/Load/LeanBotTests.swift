import Foundation
import Logging
import SnapCore
import SnapServer
import Testing

@testable import SnapBench

/// Lean bots play real rounds against a real server in this process: no errors, every action timed at every seat.
/// Figures are checked for sense, never for speed.
@Suite struct LeanBotTests {
    /// A Snap! server on a free loopback port, fast, with classic rounds and no turn timer, for `body`.
    func withSnapServer(_ body: (String) async throws -> Void) async throws {
        try await BenchTestServers.withSnapServer(speed: 4, body)
    }

    func settings(tables: Int) -> LoadSettings {
        var settings = LoadSettings()
        settings.tables = tables
        settings.players = 4
        settings.speed = 4
        settings.ramp = .milliseconds(200)
        return settings
    }

    /// Opens the generator's tables and measures until the bots have turned cards and their turns have been seen
    /// at the seats (a few of each), for at most a minute — a busy machine is slow, not stuck — then returns what it
    /// saw. (A fixed three seconds was once too short beside two busy loops: no turn at all.)
    func play(_ generator: LoadGenerator) async throws -> GeneratorFigures {
        try await generator.open(rampStart: .now)
        await generator.startMeasuring()
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline,
            generator.counters.turns.value < 8 || generator.recorder.histogram.totalCount < 8
        {
            try await Task.sleep(for: .milliseconds(50))
        }
        return await generator.finish()
    }

    @Test func leanSnapBotsPlayWithoutErrors() async throws {
        try await withSnapServer { url in
            // The second half of a two-table run holds table 1 alone: a lean table, since table 0 is the mirror.
            let generator = LoadGenerator(settings: settings(tables: 2), url: url, share: 1, of: 2)
            #expect(generator.mirrorTables == 0)
            let figures = try await play(generator)
            #expect(figures.connected == 4)
            #expect(figures.failed == 0)
            #expect(figures.protocolErrors == 0)
            #expect(figures.turns >= 8, "the lean host started the round and play went on (a false start stops nothing)")
            #expect(figures.latency.count > 0, "turns were seen at every seat")
            #expect(figures.packetsOut > figures.packetsIn, "every action fans out to four seats")
        }
    }

    @Test func aMirrorTableChecksTheCardsBesideLeanOnes() async throws {
        try await withSnapServer { url in
            var settings = settings(tables: 4)
            settings.mirrorEvery = 2
            let generator = LoadGenerator(settings: settings, url: url)
            #expect(generator.mirrorTables == 2, "tables 0 and 2")
            let figures = try await play(generator)
            #expect(figures.connected == 16)
            #expect(figures.protocolErrors == 0)
            #expect(figures.cardsConserved)
            #expect(figures.mirrorTables == 2)
            #expect(figures.actions == figures.turns + figures.calls)
        }
    }

    /// The floor plays Snap! with the same bots: a lean table and two mirror tables, whose full clients check the cards.
    @Test func theSameBotsPlayOnTheFloor() async throws {
        var settings = settings(tables: 3)
        settings.mirrorEvery = 2
        let figures = try await BenchTestServers.withFloor(speed: 4) { url in
            let generator = LoadGenerator(settings: settings, url: url)
            #expect(generator.mirrorTables == 2, "tables 0 and 2")
            return try await play(generator)
        }
        #expect(figures.connected == 12)
        #expect(figures.failed == 0)
        #expect(figures.protocolErrors == 0)
        #expect(figures.turns >= 8, "play went on")
        #expect(figures.latency.count > 0)
        #expect(figures.cardsConserved)
        #expect(figures.actions == figures.turns + figures.calls)
    }
}
