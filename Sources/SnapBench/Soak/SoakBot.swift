@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import Synchronization

/// One honest bot of the soak: a SnapClient that plays (``BotPlay``) and, when its table says so, drops its
/// connection and comes back with its token, vanishes, or leaves. Whatever it did not bring on itself — a refusal
/// by the server, a drop, a packet it could not place — is a protocol error.
final class SoakBot: Sendable {
    private struct State {
        /// A drop of our own making is under way: the client's reconnecting is expected.
        var dropping = false
        /// We are leaving for good: the end of the connection is expected.
        var leaving = false
    }

    /// The client.
    let client: SnapClient
    private let counters: SoakCounters
    private let state = Mutex(State())
    private let playing = Mutex<Task<Void, Never>?>(nil)

    private init(client: SnapClient, counters: SoakCounters) {
        self.client = client
        self.counters = counters
    }

    /// Connects to `url` and signs in as `name`.
    static func signIn(url: String, name: String, counters: SoakCounters) async throws -> SoakBot {
        let client = try await SnapClient.connect(to: url, name: name, configuration: .init(logger: .quiet("snap.bench.soak")))
        counters.signIns.increment()
        return SoakBot(client: client, counters: counters)
    }

    /// Starts playing at the table the bot sits at.
    func startPlaying(_ play: BotPlay, pace: BotPace) {
        let counters = counters
        var hooks = BotPlay.Hooks()
        hooks.turning = { _ in counters.actions.increment() }
        hooks.calling = { _ in counters.actions.increment() }
        hooks.roundWon = { counters.rounds.increment() }
        hooks.refused = { [self] code in refused(code) }
        hooks.mayAct = { [self] in !state.withLock { $0.dropping || $0.leaving } }
        hooks.reconnected = { [self] in
            if state.withLock({ state in
                defer { state.dropping = false }; return state.dropping
            }) {
                counters.reconnectsWithToken.increment()
            }
        }
        hooks.reconnecting = { [self] in
            if !state.withLock({ $0.dropping || $0.leaving }) {
                counters.protocolErrors.add("a player's connection dropped")
            }
        }
        let task = Task {
            await play.play(client, pace: pace, hooks: hooks)
            if !state.withLock({ $0.leaving }) { counters.protocolErrors.add("a player's connection closed for good") }
        }
        playing.withLock { $0 = task }
    }

    private func refused(_ code: UInt16) {
        // The rules' refusals (a call too late, a turn out of order) are part of play.
        if ErrorCodeName.isGameRefusal(code) { return }
        if code == WireErrorCode.unknownToken.rawValue, state.withLock({ $0.dropping }) {
            // Back after the grace period: the seat was given up, as it should be.
            counters.expectedRefusals.add("unknown_token_after_grace")
            state.withLock { $0.leaving = true }
            return
        }
        // A request that crossed our own leaving (ClientQuit on its way) or our own drop (sent on the new
        // connection before the server had us back) is refused for what we did, not for anything the server did.
        let (dropping, leaving) = state.withLock { ($0.dropping, $0.leaving) }
        if leaving, code == WireErrorCode.notAtTable.rawValue {
            return counters.expectedRefusals.add("not_at_table_while_leaving")
        }
        if dropping, code == WireErrorCode.notSignedIn.rawValue {
            return counters.expectedRefusals.add("not_signed_in_while_coming_back")
        }
        counters.protocolErrors.add("a player was refused: \(ErrorCodeName.of(code))")
    }

    /// The table as the bot sees it.
    var view: PlayerView? { get async { await client.view } }

    /// Drops the connection as a lost network would, and waits until the client is back in its seat with its
    /// token; after ten seconds it gives up, and counts a protocol error.
    func dropAndComeBack() async {
        state.withLock { $0.dropping = true }
        await client.dropConnection()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while clock.now < deadline {
            guard state.withLock({ $0.dropping && !$0.leaving }) else { return }
            try? await Task.sleep(for: .milliseconds(50))
        }
        state.withLock { $0.dropping = false }
        counters.protocolErrors.add("a player did not get back in with its token within 10 s")
    }

    /// Leaves for good: with ClientQuit when `quit` (a player leaving), or by just closing the connection (a player
    /// who vanished: the server keeps the seat for the grace period).
    func leave(quit: Bool) async {
        state.withLock { $0.leaving = true }
        if quit { await client.leaveTable() }
        await client.disconnect()
        await playing.withLock { $0 }?.value
    }
}
