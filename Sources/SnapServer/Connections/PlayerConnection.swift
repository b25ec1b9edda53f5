import Logging
import NIOCore
import NIOWebSocket
import SnapCore
import SnapProtocol

/// What every game connection does: signs the person in, takes them to a table, and passes their requests on.
/// Each connection's own state is its ``ConnectionContext``, kept by its ``PlayerSession``; this is the part they
/// share — one object for the whole server, so that a session holds a reference to it rather than its own copy of
/// the server's settings.
///
/// What a message asks is decided once, by the connection's ``RequestRouter``; this carries the decision out
/// (``run(_:receivedAt:_:)``). The server knows who is on each connection; any id a client names is ignored.
final class PlayerConnection: Sendable {
    /// Work a request leaves for later: it must wait for the lobby, or for a table on another thread.
    typealias Work = @Sendable (inout ConnectionContext) async -> Void

    let lobby: Lobby
    let roster: ConnectionRoster
    let environment: ServerEnvironment

    /// The request rates every connection is held to.
    private let rates: RequestRates.Plan

    init(lobby: Lobby, roster: ConnectionRoster, environment: ServerEnvironment) {
        self.lobby = lobby
        self.roster = roster
        self.environment = environment
        let configuration = environment.configuration
        rates = RequestRates.plan(
            configuration.requestLimits, pingInterval: configuration.pingInterval, speed: configuration.speed,
            snapCallsPerSecond: configuration.snapCallsPerSecond)
    }

    var metrics: ServerMetrics { environment.metrics }

    /// The session of a new connection on `channel`, made on its event loop.
    func open(_ channel: any Channel, peer: PeerSocket) -> PlayerSession {
        let sender = WebSocketSender(
            channel: channel, limit: environment.configuration.outboxLimit, growth: environment.metrics)
        let outbox = Outbox(
            sender: sender, network: ConnectionNetwork(), metrics: environment.metrics,
            openedAt: environment.clock.now)
        let router = RequestRouter(
            rates: RequestRates(rates), malformedLimit: environment.configuration.malformedPacketLimit)
        let context = ConnectionContext(outbox: outbox, peer: peer, router: router)
        let session = PlayerSession(connection: self, sender: sender, context: context)
        // A client gone silent is counted dropped at once; its socket closes when the close handshake gives up.
        outbox.whenAbandoned { [weak session] in session?.ended() }
        outbox.whenOverrun { [weak session, address = peer.address] in session?.overrun(from: address) }
        return session
    }

    /// The connection's client has stopped reading (``Outbox/whenOverrun(_:)``): it is counted dropped, and the
    /// close frame waits behind whatever the client has not read; if it is not out in a second, the socket is cut,
    /// so the connection holds nothing more on the client's behalf.
    func overrun(_ sender: WebSocketSender, from address: String) {
        metrics.overrunOutboxes.increment()
        environment.logger.info("connection cut off: not reading", metadata: ["address": "\(address)"])
        Task { [clock = environment.clock] in
            try? await clock.sleep(for: .seconds(1))
            sender.cut()
        }
    }

    /// The connection has opened: counts it in, or refuses it when the server is full or the address has too many.
    func opened(_ context: inout ConnectionContext) async {
        let outbox = context.outbox
        if let refusal = await roster.register(outbox, from: context.peer.address) {
            outbox.send(.error(code: refusal.rawValue, message: refusal.message))
            // Refused, not misbehaving: the client gets the closing handshake, so it reads the error before the end.
            outbox.close(
                refusal == .serverFull ? .unexpectedServerError : .policyViolation, reason: refusal.message,
                misbehaved: false)
            return
        }
        // The roster has asked it to sign in.
        context.registered = true
    }

    /// Takes one message from the client, received at `received` (stamped as it came off the socket: a pong's
    /// round trip and a call's arrival must not include the time this connection spent waiting for a busy table),
    /// and does what it asks; returns the work that must wait, if any.
    func received(_ bytes: [UInt8], binary: Bool, at received: Duration, _ context: inout ConnectionContext) -> Work? {
        guard context.registered, !context.ended, !context.outbox.isClosed else { return nil }
        context.outbox.heard(at: received)
        metrics.packetsIn.increment()
        let decision = context.router.decide(bytes, binary: binary, at: received, from: context.position)
        return run(decision, receivedAt: received, &context)
    }

    /// Carries out a decision: at once when it needs only the connection, or the table it sits at when that table
    /// runs on this very thread's event loop — a turn or a call, the game's busiest path, goes from the socket to
    /// the table and out again with no task and no hand-over — or handed to the loop of a table on another thread.
    /// Returns the work that must wait for the lobby, or for a seat given up on another thread.
    private func run(_ decision: RequestRouter.Decision, receivedAt received: Duration, _ context: inout ConnectionContext) -> Work? {
        let outbox = context.outbox
        switch decision {
        case .refuse(let code, let message):
            refuse(outbox, code, message)
        case .refuseAndClose(let code, let message):
            refuse(outbox, code, message)
            outbox.close(.protocolError, reason: "too many malformed packets")
        case .close:
            metrics.error(code: WireErrorCode.rateLimited.rawValue)
            outbox.close(.policyViolation, reason: "too many requests")
        case .route(.connection(let request)):
            handle(request, receivedAt: received, outbox, peer: context.peer)
        case .route(.table(let request)):
            guard let table = context.table, let id = context.id else { return nil }
            let leaving = request == .act(.leave)
            if leaving { context.table = nil }
            if table.loop.inEventLoop {
                table.assumeIsolated { $0.handle(request, from: id, receivedAt: received) }
            } else if leaving {
                // Whatever the connection asks next (another table, perhaps) waits until the seat is given up.
                return { _ in await table.handle(request, from: id, receivedAt: received) }
            } else {
                // Handed to the table's loop as it is, with no task: that loop runs what it is given in order, so the
                // table still takes this connection's requests in the order they came.
                table.loop.execute { table.assumeIsolated { $0.handle(request, from: id, receivedAt: received) } }
            }
        case .route(.watcher(let request)):
            return { context in await self.handle(request, &context) }
        case .route(.lobby(let request)):
            return { context in await self.handle(request, &context) }
        }
        return nil
    }

    /// The connection has ended (closed, gone silent or cut off): the player is counted dropped, and the
    /// connection out.
    func ended(_ context: inout ConnectionContext) async {
        guard !context.ended else { return }
        context.ended = true
        let outbox = context.outbox
        if let table = context.table, let id = context.id { await table.disconnected(id, outbox: outbox) }
        if let table = context.watching, let id = context.id { await table.stopWatching(id) }
        outbox.finish()
        if context.registered { await roster.unregister(outbox, from: context.peer.address) }
    }

    // MARK: - The connection's own requests

    private func handle(_ request: ConnectionRequest, receivedAt received: Duration, _ outbox: Outbox, peer: PeerSocket) {
        switch request {
        case .hello(let version):
            outbox.version = min(version, Wire.version)
        case .pong(let value):
            guard let measure = outbox.network.pong(value, at: received) else {
                // Not an answer to the last ping: forged, or too late to mean anything. It measures nothing.
                return metrics.ignoredPongs.increment()
            }
            metrics.roundTrip.recordNanoseconds(measure.roundTrip.nanoseconds)
            if measure.disagrees { metrics.pongDisagreements.increment() }
            if measure.readsKernel { outbox.network.probeKernel(with: peer.roundTripProbe) }
            if measure.warmingUp { startPinging(outbox) }
        }
    }

    /// Starts measuring the connection's network: the first of a few pings sent back to back.
    func startPinging(_ outbox: Outbox) {
        outbox.send(.ping(outbox.network.ping(at: environment.clock.now)))
    }

    // MARK: - Watching

    /// Passes a watcher's request to the table they watch; once that table has closed (TableClosed told them),
    /// they are back in the lobby.
    private func handle(_ request: WatcherRequest, _ context: inout ConnectionContext) async {
        guard let watched = context.watching, let id = context.id else { return }
        if request == .leave { context.watching = nil }
        if await watched.handleWatching(request, from: id) || request == .leave { return }
        context.watching = nil
        refuse(context.outbox, .notAtTable)
    }

    // MARK: - Refusing

    func refuse(_ outbox: Outbox, _ code: WireErrorCode, _ message: String? = nil) {
        metrics.error(code: code.rawValue)
        outbox.send(.error(code: code.rawValue, message: message ?? code.message))
    }

    /// Refuses a request that failed with a rules' or a server's error, by its code.
    func refuse(_ outbox: Outbox, failure: any Error) {
        switch failure {
        case let error as TableError:
            metrics.error(code: error.rawValue)
            outbox.send(.error(code: error.rawValue, message: error.description))
        case let code as WireErrorCode:
            refuse(outbox, code, nil)
        default:
            refuse(outbox, .unexpectedPacket, "\(failure)")
        }
    }
}

extension WireErrorCode: Error {}
