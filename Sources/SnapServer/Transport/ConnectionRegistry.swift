import NIOCore
import Synchronization

/// Every socket the server holds, by remote address: it keeps one address from taking more than its share, and
/// keeps the server clear of its descriptor limit (``SocketBudget``, which follows the live limit) by evicting the
/// oldest connections that have not yet earned their keep (no request answered, nobody signed in), whatever their
/// address, when room is needed.
///
/// Seated players never need a new descriptor, so with the reserve kept free `/healthz`, new players and
/// reconnections still get in while idle sockets are being opened as fast as someone can.
final class ConnectionRegistry: Sendable {
    /// Why a socket was not taken.
    enum Refusal: Error, Equatable, Sendable {
        /// The remote address already holds as many sockets as one address may.
        case addressFull(String)
        /// The remote address opens sockets faster than one address may.
        case addressTooFast(String)
        /// Every socket the descriptors allow is held by someone who has earned it.
        case descriptorsExhausted
        /// Not a refusal of the newcomer: the oldest idle socket was closed to make room for it.
        case evictedIdle
        /// The kernel had no descriptor left for a newcomer (accept() failed with EMFILE or ENFILE): accepting
        /// pauses for `milliseconds`, after `evicted` idle sockets were closed to make room.
        case acceptPaused(evicted: Int, milliseconds: Int)
    }

    private struct Entry {
        let channel: any Channel
        let address: String
        var proven = false
        /// When it last became idle (its place in the queue of unproven sockets).
        var idleSince: Int
    }

    /// One address: its sockets open, and how fast it opens new ones.
    private struct Address {
        var sockets = 0
        var arrivals: TokenBucket
        var lastArrival: Duration
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var perAddress: [String: Address] = [:]
        var admissions = 0
        /// Sockets not yet proven (or idle again), oldest first, each with the moment it joined; an entry proven,
        /// closed or idle again since is skipped when met.
        var unproven: [(id: ObjectIdentifier, since: Int)] = []
        var unprovenStart = 0
        var moments = 0
    }

    /// How many sockets may be open at once.
    let budget: SocketBudget
    /// The most sockets one remote address may hold.
    let perAddress: Int
    /// How fast one remote address may open sockets: enough for a party of phones behind one router arriving
    /// at once, not for a program opening and dropping connections in a loop.
    let arrivalRate: RequestLimits.Rate
    /// The proxies in front of the server: every player behind one arrives from its address, so neither the cap
    /// per address nor the rate applies to it (the game's caps count the address it forwards, once a request
    /// says it).
    let trustedProxies: TrustedProxies
    private let state = Mutex(State())

    init(
        budget: SocketBudget, perAddress: Int, arrivalRate: RequestLimits.Rate, trustedProxies: TrustedProxies = TrustedProxies()
    ) {
        self.budget = budget
        self.perAddress = max(1, perAddress)
        self.arrivalRate = arrivalRate
        self.trustedProxies = trustedProxies
    }

    /// The number of sockets open.
    var count: Int { state.withLock { $0.entries.count } }

    /// The most sockets open at once, now.
    var capacity: Int { max(1, budget.capacity) }

    /// Takes a new socket in, or says why not. When the server is at capacity (or above it: the limit was lowered)
    /// the oldest unproven sockets are returned for the caller to close, as many as it takes to make room.
    func admit(_ channel: any Channel, at now: Duration) -> Result<[any Channel], Refusal> {
        let address = Self.address(of: channel)
        let proxy = trustedProxies.trusts(address)
        let capacity = capacity
        return state.withLock { state in
            var known = state.perAddress[address] ?? Address(arrivals: TokenBucket(arrivalRate), lastArrival: now)
            known.lastArrival = now
            let onTime = proxy || known.arrivals.take(at: now)
            state.perAddress[address] = known
            Self.forgetQuietAddresses(&state, at: now, after: arrivalRate)
            if known.sockets >= perAddress, !proxy { return .failure(.addressFull(address)) }
            guard onTime else { return .failure(.addressTooFast(address)) }
            var evicted: [any Channel] = []
            while state.entries.count >= capacity {
                guard let victim = Self.oldestUnproven(&state) else {
                    if evicted.isEmpty { return .failure(.descriptorsExhausted) }
                    break
                }
                evicted.append(contentsOf: Self.remove(victim, &state).map { [$0] } ?? [])
            }
            let id = ObjectIdentifier(channel)
            state.moments += 1
            state.entries[id] = Entry(channel: channel, address: address, idleSince: state.moments)
            state.perAddress[address]?.sockets += 1
            state.unproven.append((id, state.moments))
            Self.compact(&state)
            return .success(evicted)
        }
    }

    /// Makes room when the kernel had no descriptor for a newcomer: the oldest unproven sockets, enough to come back
    /// under the capacity with room for one more, and at least one (the descriptors the budget leaves for others
    /// may have gone to them), for the caller to close; none when every socket has earned its keep.
    func makeRoom() -> [any Channel] {
        let capacity = capacity
        return state.withLock { state in
            var evicted: [any Channel] = []
            while evicted.isEmpty || state.entries.count >= capacity, let victim = Self.oldestUnproven(&state) {
                evicted.append(contentsOf: Self.remove(victim, &state).map { [$0] } ?? [])
            }
            return evicted
        }
    }

    /// Notes that a socket has earned its keep: it is never evicted to make room.
    func prove(_ channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.proven = true }
    }

    /// Notes that a proven socket is idle again: an HTTP connection kept for a next request, with every request
    /// answered. It may be evicted to make room, after the sockets idle longer.
    func idle(_ channel: any Channel) {
        state.withLock { state in
            let id = ObjectIdentifier(channel)
            guard state.entries[id]?.proven == true else { return }
            state.moments += 1
            state.entries[id]?.proven = false
            state.entries[id]?.idleSince = state.moments
            state.unproven.append((id, state.moments))
            Self.compact(&state)
        }
    }

    /// Counts a closed socket out.
    func release(_ channel: any Channel) {
        _ = state.withLock { Self.remove(ObjectIdentifier(channel), &$0) }
    }

    /// The address a socket came from, without its port ("unknown" for one that has none).
    static func address(of channel: any Channel) -> String {
        channel.remoteAddress?.ipAddress ?? "unknown"
    }

    private static func oldestUnproven(_ state: inout State) -> ObjectIdentifier? {
        while state.unprovenStart < state.unproven.count {
            let (id, since) = state.unproven[state.unprovenStart]
            state.unprovenStart += 1
            if let entry = state.entries[id], !entry.proven, entry.idleSince == since { return id }
        }
        return nil
    }

    private static func remove(_ id: ObjectIdentifier, _ state: inout State) -> (any Channel)? {
        guard let entry = state.entries.removeValue(forKey: id) else { return nil }
        state.perAddress[entry.address]?.sockets -= 1
        return entry.channel
    }

    /// Forgets, now and then, the addresses with no socket open whose rate has refilled: the table of addresses
    /// stays as small as the sockets open plus those seen lately.
    private static func forgetQuietAddresses(_ state: inout State, at now: Duration, after rate: RequestLimits.Rate) {
        state.admissions += 1
        guard state.admissions % 1_024 == 0 else { return }
        let refill = Duration.seconds(rate.burst / max(rate.perSecond, 0.001))
        state.perAddress = state.perAddress.filter { $0.value.sockets > 0 || now - $0.value.lastArrival < refill }
    }

    /// Drops what the queue of unproven sockets no longer needs, now and then, so that it never grows beyond a
    /// small multiple of the sockets open.
    private static func compact(_ state: inout State) {
        guard state.unproven.count > 2 * max(512, state.entries.count) else { return }
        state.unproven = state.unproven[state.unprovenStart...].filter { id, since in
            state.entries[id].map { !$0.proven && $0.idleSince == since } ?? false
        }
        state.unprovenStart = 0
    }
}
