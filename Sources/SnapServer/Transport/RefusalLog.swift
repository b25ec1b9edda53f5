import Logging
import Synchronization

/// Counts sockets refused (or idle ones evicted, or accepting paused) at the socket level and says so in the log —
/// one line per reason every ten seconds at most, however fast they come, with how many since the last line.
final class RefusalLog: Sendable {
    private struct State {
        var lastLogged: [String: Duration] = [:]
        var unlogged: [String: Int] = [:]
    }

    private static let interval: Duration = .seconds(10)
    private let environment: ServerEnvironment
    private let registry: ConnectionRegistry
    private let state = Mutex(State())

    init(environment: ServerEnvironment, registry: ConnectionRegistry) {
        self.environment = environment
        self.registry = registry
    }

    /// Notes a refusal.
    func note(_ refusal: ConnectionRegistry.Refusal) {
        let (reason, message): (String, String) =
            switch refusal {
            case .addressFull(let address):
                ("address-full", "refusing connections from \(address): it holds \(registry.perAddress) sockets already")
            case .addressTooFast(let address):
                ("address-rate", "refusing connections from \(address): it opens them faster than one address may")
            case .evictedIdle:
                ("evicted", "closing idle sockets to make room: the descriptor limit allows \(registry.capacity) sockets")
            case .acceptPaused(let evicted, let milliseconds):
                ("accept-paused", "no descriptor left to accept a connection (the limit is \(DescriptorLimit.current)):"
                    + " closed \(evicted) idle sockets; accepting again in \(milliseconds) ms"
                    + (evicted == 0 ? " (every socket is a player's or in use: raise the limit with ulimit -n)" : ""))
            case .descriptorsExhausted:
                ("descriptors", "refusing connections: all \(registry.capacity) sockets the descriptor limit allows"
                    + " are held by players (raise the limit with ulimit -n)")
            }
        environment.metrics.socketRefused(reason)
        let now = environment.clock.now
        let count = state.withLock { state -> Int? in
            state.unlogged[reason, default: 0] += 1
            if let last = state.lastLogged[reason], now - last < Self.interval { return nil }
            state.lastLogged[reason] = now
            defer { state.unlogged[reason] = 0 }
            return state.unlogged[reason]
        }
        if let count {
            let times = if case .acceptPaused = refusal { "\(count) \(count == 1 ? "pause" : "pauses")" } else { "\(count) refused" }
            environment.logger.warning("\(message) (\(times))")
        }
    }
}
