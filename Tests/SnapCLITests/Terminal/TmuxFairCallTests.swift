import Foundation
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapTestSupport
import Testing

/// The margin of a close call, shown in a real terminal: `snap host` in tmux, and two bots at its table who
/// race on the first card — one near, one that looks far away, calls second and reacted faster.
@Suite(.startsPrograms) struct TmuxFairCallTests {
    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func theTerminalShowsByHowMuchACloseCallWasWon() async throws {
        let port = try TmuxNetworkTests.freePort()
        // The largest compensation the server allows (1 s, not the default 200 ms), so that Cy can look far away
        // enough for the race to hold on a machine running the whole suite. Everyone is on loopback, whose kernel
        // round trip would cap what Cy's held pongs say: told loopback is a proxy, the server goes by the pongs alone,
        // as it does for players behind nginx, and Cy looks as far away as a phone on a slow network.
        let host = try await SnapPane(arguments: "host --name Ann --port \(port) --max-compensation 1000 --trusted-proxy 127.0.0.1")
        defer { host.close() }
        let waiting = try await host.waitFor("the waiting room", timeout: 60) { $0.contains("1 of 4 seated") }
        let code = String(try #require(waiting.firstMatch(of: /Table ([A-HJ-NP-Z]{4})/)?.1))
        let url = "ws://127.0.0.1:\(port)/ws"

        // Bob answers pings at once (a few ms away); Cy answers them 900 ms late, so he looks far away.
        let bob = try await SnapClient.connect(to: url, name: "Bob")
        let cyPings = PingCount()
        let cy = try await SnapClient.connect(
            to: url, name: "Cy",
            instruments: ClientInstruments(answerPing: { value in
                await cyPings.add()
                try? await Task.sleep(for: .milliseconds(900))
                return value
            }))
        _ = try await bob.sitDown(at: code)
        _ = try await cy.sitDown(at: code)
        try await host.waitFor("both guests") { $0.contains("3 of 4 seated") }
        // The server must have measured Cy's network before the round. Its warm-up pings go one at a time, each sent
        // once the last answer is measured: the sixth ping's arrival says five of Cy's slow answers have been (counted,
        // not slept on: a busy machine takes its time).
        let deadline = ContinuousClock.now + .seconds(60)
        while await cyPings.count < 6, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let pinged = await cyPings.count
        #expect(pinged >= 6, "Cy was sent \(pinged) pings")

        // On the first turned card, Bob calls after about 50 ms, saying how long it really took him (his client
        // measures it, and the server credits no more than the time it saw pass); Cy calls 20 ms after him saying
        // he took 10 ms, which his network makes possible. Cy's call arrives second but wins by about 40 ms: the
        // verdict waits for it as long as a far player could still have been faster (about 900 ms here). A busy
        // machine that stretches Bob's wait only makes him slower; Cy loses only if his call comes more than the
        // wait after Bob's (600 ms of distance once was not enough on a machine running the whole suite beside two
        // busy loops). Cy must not call first: a call no later arrival could beat is judged at once, and then
        // there is no margin.
        let race = Task {
            for await update in bob.updates {
                guard case .table(_, let events) = update, events.contains(where: { if case .cardTurned = $0 { true } else { false } })
                else { continue }
                try? await Task.sleep(for: .milliseconds(50))
                await bob.callSnap()
                // Cy's call on another connection, later, so that it cannot overtake Bob's on its way: 20 ms was not
                // enough on a machine running the whole suite beside two busy loops (Cy's call came first, was judged
                // at once, and there was no margin). The verdict waits about 900 ms for Cy, so 300 ms is well inside.
                try? await Task.sleep(for: .milliseconds(300))
                await cy.callSnap(reaction: .milliseconds(10))
                return
            }
        }
        let turner = Task {
            // Whoever is activated turns: the bots by themselves, Ann by the test's Enter (or her turn timer).
            for await update in cy.updates {
                guard case .table(let view, _) = update, let active = view.active, !view.hasTurned, view.stop == nil
                else { continue }
                switch view[active]?.info.name {
                case "Bob": await bob.turnCard()
                case "Cy": await cy.turnCard()
                // Ann: the one Enter the test presses below (a second press would be refused, and its message
                // could take the margin's place on the screen).
                default: break
                }
                return
            }
        }
        // The verdict shows for about two seconds; this test runs on a thread of its own (.startsPrograms), so nothing
        // keeps it from looking every 100 ms.
        try await host.send("Enter")
        // About 40 ms when Bob's wait is on time, more when a busy machine stretches it: only the winner and a
        // margin are checked, not its size. Under 50 ms it is a photo finish, whose line takes the margin's place
        // (RULES.md, "Photo finish"): "Photo finish, Cy by 40 ms: …" on an idle machine, "Snap! — Cy, by 63 ms" when
        // Bob's wait was stretched.
        let won = /(?:Snap! — Cy, by|Photo finish, Cy by) (\d+) ms/
        let screen = try await host.waitFor("the margin", timeout: 30) { $0.contains(won) }
        let margin = try #require(screen.firstMatch(of: won)?.1).flatMap { Int($0) }
        #expect((margin ?? 0) > 0, "\(screen)")
        race.cancel()
        turner.cancel()
        await bob.disconnect()
        await cy.disconnect()
    }
}

/// How many pings a test client has been sent.
private actor PingCount {
    private(set) var count = 0
    func add() { count += 1 }
}
