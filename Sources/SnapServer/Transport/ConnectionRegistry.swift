import NIOCore
import Synchronization

/// Every socket the server holds, by remote address: it keeps one address from taking more than its share, and
/// keeps the server clear of its descriptor limit by evicting the oldest connection that has not yet earned its
/// keep (no request answered, nobody signed in) when room is needed.
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
    }

    private struct Entry {
        let channel: any Channel
        let address: String
        var proven = false
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
        /// Sockets not yet proven, oldest first; an entry proven or closed since is skipped when met.
        var unproven: [ObjectIdentifier] = []
        var unprovenStart = 0
    }

    /// The most sockets open at once.
    let capacity: Int
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
        capacity: Int, perAddress: Int, arrivalRate: RequestLimits.Rate, trustedProxies: TrustedProxies = TrustedProxies()
    ) {
        self.capacity = max(1, capacity)
        self.perAddress = max(1, perAddress)
        self.arrivalRate = arrivalRate
        self.trustedProxies = trustedProxies
    }

    /// The number of sockets open.
    var count: Int { state.withLock { $0.entries.count } }

    /// Takes a new socket in, or says why not. When the server is at capacity the oldest unproven socket is
    /// returned for the caller to close.
    func admit(_ channel: any Channel, at now: Duration) -> Result<(any Channel)?, Refusal> {
        let address = Self.address(of: channel)
        let proxy = trustedProxies.trusts(address)
        return state.withLock { state in
            var known = state.perAddress[address] ?? Address(arrivals: TokenBucket(arrivalRate), lastArrival: now)
            known.lastArrival = now
            let onTime = proxy || known.arrivals.take(at: now)
            state.perAddress[address] = known
            Self.forgetQuietAddresses(&state, at: now, after: arrivalRate)
            if known.sockets >= perAddress, !proxy { return .failure(.addressFull(address)) }
            guard onTime else { return .failure(.addressTooFast(address)) }
            var evicted: (any Channel)?
            if state.entries.count >= capacity {
                guard let victim = Self.oldestUnproven(&state) else { return .failure(.descriptorsExhausted) }
                evicted = Self.remove(victim, &state)
            }
            let id = ObjectIdentifier(channel)
            state.entries[id] = Entry(channel: channel, address: address)
            state.perAddress[address]?.sockets += 1
            state.unproven.append(id)
            Self.compact(&state)
            return .success(evicted)
        }
    }

    /// Notes that a socket has earned its keep: it is never evicted to make room.
    func prove(_ channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.proven = true }
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
            let id = state.unproven[state.unprovenStart]
            state.unprovenStart += 1
            if let entry = state.entries[id], !entry.proven { return id }
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
        state.unproven = state.unproven[state.unprovenStart...].filter { state.entries[$0]?.proven == false }
        state.unprovenStart = 0
    }
}
