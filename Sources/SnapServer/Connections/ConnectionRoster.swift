import Logging
import SnapCore
import SnapProtocol

/// Every game connection on the server: counts them (in all, and per address), gives out player ids, pings each
/// one and closes those gone silent, and those that do not sign in within the time allowed, and says goodbye to
/// all of them when the server shuts down. Where a connection sits or watches is the ``Lobby``'s and its tables'.
actor ConnectionRoster {
    /// Every connection, in the slices the ping loop takes in turn (each connection is in one: no other list of them
    /// is kept).
    private var pingSlices = Array(repeating: [ObjectIdentifier: Outbox](), count: ConnectionRoster.pingSliceCount)
    private static let pingSliceCount = 100
    /// Game connections by remote address.
    private var connectionsPerAddress: [String: Int] = [:]
    /// Connections that have not signed in yet, with when they opened.
    private var awaitingSignIn: [ObjectIdentifier: (outbox: Outbox, openedAt: Duration)] = [:]
    /// The number of game connections open (the slices hold them).
    private(set) var connectionCount = 0
    private var playersSignedIn: UInt64 = 0
    private var isShuttingDown = false
    private let environment: ServerEnvironment
    private var configuration: SnapServerConfiguration { environment.configuration }
    private var metrics: ServerMetrics { environment.metrics }

    init(environment: ServerEnvironment) {
        self.environment = environment
    }

    /// Counts a new connection from `address` in and asks it to sign in; the refusal when the server is full or
    /// shutting down, or the address holds as many connections as one may.
    func register(_ outbox: Outbox, from address: String) -> WireErrorCode? {
        guard !isShuttingDown, connectionCount < configuration.maximumConnections else { return .serverFull }
        guard connectionsPerAddress[address, default: 0] < configuration.maximumConnectionsPerAddress else {
            return .tooManyConnectionsFromAddress
        }
        connectionsPerAddress[address, default: 0] += 1
        // The sign-in request is the first word a connection hears: it goes out before the connection joins the
        // ping rotation, which could otherwise ping it first (a CI run's client waited for a sign-in request that
        // came second).
        outbox.send(.signInRequest)
        pingSlices[Self.pingSlice(of: outbox)][ObjectIdentifier(outbox)] = outbox
        connectionCount += 1
        awaitingSignIn[ObjectIdentifier(outbox)] = (outbox, environment.clock.now)
        metrics.connections.record(connectionCount)
        return nil
    }

    /// Notes that a connection has signed in (or reconnected): it no longer has a deadline to do so.
    func signedIn(_ outbox: Outbox) {
        awaitingSignIn[ObjectIdentifier(outbox)] = nil
    }

    /// A new player's id: the count of sign-ins so far (``SnapCore/PlayerID/signedIn(_:)``).
    func newPlayerID() -> PlayerID {
        playersSignedIn += 1
        return .signedIn(playersSignedIn)
    }

    /// Counts a connection from `address` out.
    func unregister(_ outbox: Outbox, from address: String) {
        guard pingSlices[Self.pingSlice(of: outbox)].removeValue(forKey: ObjectIdentifier(outbox)) != nil else { return }
        connectionCount -= 1
        let left = connectionsPerAddress[address, default: 1] - 1
        connectionsPerAddress[address] = left > 0 ? left : nil
        awaitingSignIn[ObjectIdentifier(outbox)] = nil
        metrics.connections.record(connectionCount)
    }

    /// Pings every connection once per ping interval until cancelled, a hundredth of them at a time so that a full
    /// server's pings are spread out rather than all sent at once; closes those silent for too long.
    ///
    /// One loop for the whole server rather than a task per connection: a task costs a few kilobytes of memory
    /// on each of thousands of connections (docs/PERFORMANCE.md).
    func keepPinging() async {
        var slice = 0
        let clock = environment.clock
        while !Task.isCancelled {
            try? await clock.sleep(for: configuration.pingInterval / Self.pingSliceCount)
            guard !Task.isCancelled else { return }
            let now = clock.now
            for outbox in pingSlices[slice].values {
                if outbox.silence(at: now) > configuration.silenceLimit {
                    // Gone without a word (a phone out of range, a cable pulled): close it so that the table
                    // knows the player dropped and keeps their seat for the grace period.
                    outbox.abandon(.goingAway, reason: "no answer to pings")
                } else if let value = outbox.network.ping(at: now, unlessOneWaitsFrom: configuration.pingInterval) {
                    outbox.send(.ping(value))
                }
            }
            if slice == 0 { closeThoseNotSignedIn(at: now) }
            slice = (slice + 1) % Self.pingSliceCount
        }
    }

    /// Closes the connections that have not signed in within the time allowed: a socket that never says who it
    /// is holds a descriptor and memory for nothing.
    private func closeThoseNotSignedIn(at now: Duration) {
        for (id, waiting) in awaitingSignIn where now - waiting.openedAt > configuration.signInTimeout {
            awaitingSignIn[id] = nil
            metrics.error(code: WireErrorCode.signInTimedOut.rawValue)
            waiting.outbox.send(.error(code: WireErrorCode.signInTimedOut.rawValue, message: WireErrorCode.signInTimedOut.message))
            waiting.outbox.close(.policyViolation, reason: "no sign-in in time")
        }
    }

    private static func pingSlice(of outbox: Outbox) -> Int {
        Int(UInt(bitPattern: ObjectIdentifier(outbox).hashValue) % UInt(pingSliceCount))
    }

    /// Takes no more connections: the server is shutting down.
    func closeDoors() {
        isShuttingDown = true
    }

    /// Tells every connection that the server is going away, and closes it (after the tables have told their own).
    func sayGoodbye(reason: String) {
        isShuttingDown = true
        environment.logger.info("shutting down: telling \(connectionCount) connections")
        for outbox in pingSlices.lazy.flatMap(\.values) {
            outbox.send(.serverQuit(reason: reason))
            outbox.close(.goingAway, reason: reason)
        }
    }
}
