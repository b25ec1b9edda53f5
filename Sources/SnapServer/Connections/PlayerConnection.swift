import Logging
import NIOCore
import NIOWebSocket
import SnapCore
import SnapProtocol

/// What every game connection does: signs the person in, takes them to a table, and passes their requests on.
/// Each connection's own state is in its ``PlayerSession``; this is the part they share — one object for the whole
/// server, so that a session holds a reference to it rather than its own copy of the server's settings.
///
/// The server knows who is on each connection; any id a client names is ignored.
final class PlayerConnection: Sendable {
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
            configuration.requestLimits, pingInterval: configuration.pingInterval, speed: configuration.speed)
    }

    /// One connection's state, kept by its session between requests.
    struct State: Sendable {
        var id: PlayerID?
        var name: String?
        var token: String?
        var table: TableSession?
        /// The table this connection watches, without a seat.
        var watching: TableSession?
        var malformed = 0
        var rates: RequestRates
        /// Whether the lobby counted the connection in (it may refuse).
        var registered = false
        /// Whether the connection has ended (it ends once, however many reasons there are).
        var ended = false
    }

    private var metrics: ServerMetrics { environment.metrics }

    /// The session of a new connection on `channel`, made on its event loop.
    func open(_ channel: any Channel, peer: PeerSocket) -> PlayerSession {
        let metrics = metrics
        let sender = WebSocketSender(
            channel: channel, limit: environment.configuration.outboxLimit,
            onGrowth: { metrics.outboxGrew(to: $0) })
        let outbox = Outbox(
            sender: sender, network: ConnectionNetwork(openedAt: environment.clock.now),
            onSend: { packets, bytes in
                metrics.packetsOut.increment(by: packets)
                metrics.bytesOut.increment(by: bytes)
            })
        let state = State(rates: RequestRates(rates))
        let session = PlayerSession(connection: self, outbox: outbox, sender: sender, peer: peer, state: state)
        // A client gone silent is counted dropped at once; its socket closes when the close handshake gives up.
        outbox.whenAbandoned { [weak session] in session?.ended() }
        outbox.whenOverrun { [weak session, clock = environment.clock, logger = environment.logger] in
            metrics.overrunOutboxes.increment()
            logger.info("connection cut off: not reading", metadata: ["address": "\(peer.address)"])
            session?.ended()
            // The close frame waits behind whatever the client has not read; if it is not out in a second, the
            // socket is cut, so the connection holds nothing more on the client's behalf.
            Task {
                try? await clock.sleep(for: .seconds(1))
                sender.cut()
            }
        }
        return session
    }

    /// The connection has opened: counts it in, or refuses it when the server is full or the address has too many.
    func opened(_ state: inout State, _ outbox: Outbox, _ peer: PeerSocket) async {
        if let refusal = await roster.register(outbox, from: peer.address) {
            outbox.send(.error(code: refusal.rawValue, message: refusal.message))
            // Refused, not misbehaving: the client gets the closing handshake, so it reads the error before the end.
            outbox.close(
                refusal == .serverFull ? .unexpectedServerError : .policyViolation, reason: refusal.message,
                misbehaved: false)
            return
        }
        // The lobby has asked it to sign in.
        state.registered = true
    }

    /// Takes one message from the client, received at `received` (stamped as it came off the socket: a pong's
    /// round trip and a call's arrival must not include the time this connection spent waiting for a busy table).
    func received(
        _ bytes: [UInt8], binary: Bool, at received: Duration, _ state: inout State, _ outbox: Outbox,
        _ peer: PeerSocket
    ) async {
        guard let request = request(from: bytes, binary: binary, at: received, &state, outbox) else { return }
        await handle(decoded: request, receivedAt: received, &state, outbox, peer)
    }

    /// Checks and reads one message from the client: the request it makes, or nil when there is nothing to do
    /// (the connection is done with, or the message was refused — the client has been told why).
    func request(
        from bytes: [UInt8], binary: Bool, at received: Duration, _ state: inout State, _ outbox: Outbox
    ) -> ClientRequest? {
        guard state.registered, !state.ended, !outbox.isClosed else { return nil }
        outbox.network.heard(at: received)
        metrics.packetsIn.increment()
        guard binary else {
            malformed(&state, outbox, "Packets are binary frames; text frames are not understood.")
            return nil
        }
        let request: ClientRequest
        do {
            request = try ClientRequest(Frame.decode(bytes).packet)
        } catch let error as WireErrorCode {
            malformed(&state, outbox, "That packet is one the server sends, not one it takes.", code: error)
            return nil
        } catch {
            malformed(&state, outbox, "That packet could not be read: \(error).")
            return nil
        }
        if let kind = RequestLimits.Kind(request) {
            switch state.rates.take(kind, at: received) {
            case .allowed:
                break
            case .refused:
                refuse(outbox, .rateLimited, "Too many \(kind.rawValue) requests: slow down.")
                return nil
            case .exhausted:
                metrics.error(code: WireErrorCode.rateLimited.rawValue)
                outbox.close(.policyViolation, reason: "too many requests")
                return nil
            }
        }
        return request
    }

    /// Handles a request read by ``request(from:binary:at:_:_:)``.
    func handle(
        decoded request: ClientRequest, receivedAt received: Duration, _ state: inout State, _ outbox: Outbox,
        _ peer: PeerSocket
    ) async {
        if handleAtOnce(request, receivedAt: received, &state, outbox) { return }
        let wasSignedIn = state.id != nil
        await handle(request, receivedAt: received, &state, outbox, peer)
        if !wasSignedIn, state.id != nil {
            peer.prove()
            await roster.signedIn(outbox)
        }
    }

    /// Handles, without waiting, a request that needs only the connection, or the table it sits at when that
    /// table runs on this very thread's event loop — a turn or a call, the game's busiest path, goes from the
    /// socket to the table and out again with no task and no hand-over. Returns false for a request that must wait
    /// for the lobby or another thread (``handle(decoded:receivedAt:_:_:_:)`` then does it).
    func handleAtOnce(_ request: ClientRequest, receivedAt received: Duration, _ state: inout State, _ outbox: Outbox) -> Bool {
        switch request {
        case .hello(let version):
            outbox.version = min(version, Wire.version)
            return true
        case .pong(let value):
            guard let roundTrip = outbox.network.pong(value, at: received) else {
                // Not an answer to the last ping: forged, or too late to mean anything. It measures nothing.
                metrics.ignoredPongs.increment()
                return true
            }
            metrics.roundTrip.recordNanoseconds(roundTrip.nanoseconds)
            if outbox.network.sampleCount < ConnectionNetwork.warmUpPings { startPinging(outbox) }
            return true
        case .atTable(let seated):
            guard let table = state.table, let id = state.id, table.loop.inEventLoop else { return false }
            table.assumeIsolated { $0.handle(seated, from: id, receivedAt: received) }
            if seated == .leave { state.table = nil }
            return true
        case .signIn, .reconnect, .listTables, .host, .join, .watch:
            return false
        }
    }

    /// The connection has ended (closed, gone silent or cut off): the player is counted dropped, and the
    /// connection out.
    func ended(_ state: inout State, _ outbox: Outbox, _ peer: PeerSocket) async {
        guard !state.ended else { return }
        state.ended = true
        if let table = state.table, let id = state.id { await table.disconnected(id, outbox: outbox) }
        if let table = state.watching, let id = state.id { await table.stopWatching(id) }
        outbox.finish()
        if state.registered { await roster.unregister(outbox, from: peer.address) }
    }

    private func malformed(
        _ state: inout State, _ outbox: Outbox, _ message: String, code: WireErrorCode = .malformedPacket
    ) {
        state.malformed += 1
        refuse(outbox, code, message)
        if state.malformed >= environment.configuration.malformedPacketLimit {
            outbox.close(.protocolError, reason: "too many malformed packets")
        }
    }

    private func refuse(_ outbox: Outbox, _ code: WireErrorCode, _ message: String? = nil) {
        metrics.error(code: code.rawValue)
        outbox.send(.error(code: code.rawValue, message: message ?? code.message))
    }

    /// Refuses a request that failed with a rules' or a server's error, by its code.
    private func refuse(_ outbox: Outbox, failure: any Error) {
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

    /// Starts measuring the connection's network: the first of a few pings sent back to back.
    private func startPinging(_ outbox: Outbox) {
        outbox.send(.ping(outbox.network.ping(at: environment.clock.now)))
    }

    private func handle(
        _ request: ClientRequest, receivedAt received: Duration, _ state: inout State, _ outbox: Outbox,
        _ peer: PeerSocket
    ) async {
        switch request {
        case .hello, .pong:
            break  // Always handled at once (handleAtOnce), before this.
        case .signIn(let name):
            guard state.id == nil else { return refuse(outbox, .alreadySignedIn) }
            do {
                let name = try PlayerName.validated(name)
                let id = await roster.newPlayerID()
                let token = (0..<4).map { _ in String(UInt32.random(in: 0...UInt32.max), radix: 16) }.joined()
                state.id = id
                state.name = name
                state.token = token
                outbox.send(.welcome(version: Wire.version, id: id, token: token))
                startPinging(outbox)
            } catch {
                refuse(outbox, .badName, "That name cannot be used: \(error).")
            }
        case .reconnect(let token):
            guard state.table == nil, await !isWatching(&state) else { return refuse(outbox, .alreadyAtTable) }
            guard let (table, info) = await lobby.reconnect(token: token, outbox: outbox) else {
                if await redirect(token: token, outbox) { return }
                return refuse(outbox, .unknownToken)
            }
            state.id = info.id
            state.name = info.name
            state.token = token
            state.table = table
            startPinging(outbox)
        case .listTables:
            guard state.id != nil else { return refuse(outbox, .notSignedIn) }
            outbox.send(.tableList(fitting: await lobby.openTables()))
        case .host(let solo):
            guard let info = signedIn(state) else { return refuse(outbox, .notSignedIn) }
            guard state.table == nil, await !isWatching(&state) else { return refuse(outbox, .alreadyAtTable) }
            do {
                let table = try await lobby.openTable(solo: solo, for: peer.address, on: outbox.loop)
                _ = try await table.join(info, token: state.token!, outbox: outbox)
                if solo { await table.seatComputerOpponents() }
                await lobby.remember(token: state.token!, at: table.code)
                state.table = table
            } catch {
                refuse(outbox, failure: error)
            }
        case .join(let typed):
            guard let info = signedIn(state) else { return refuse(outbox, .notSignedIn) }
            guard state.table == nil, await !isWatching(&state) else { return refuse(outbox, .alreadyAtTable) }
            guard let code = TableCode.normalized(typed), let table = await lobby.table(code: code), !table.isSolo else {
                if await redirect(toTable: typed, outbox) { return }
                return refuse(outbox, .unknownTable)
            }
            do {
                _ = try await table.join(info, token: state.token!, outbox: outbox)
                await lobby.remember(token: state.token!, at: code)
                state.table = table
            } catch {
                refuse(outbox, failure: error)
            }
        case .watch(let typed):
            guard let id = state.id else { return refuse(outbox, .notSignedIn) }
            guard outbox.version >= PacketType.watchTable.sinceVersion else {
                return refuse(outbox, .unexpectedPacket, "Watching needs protocol version 4: send Hello(4) first.")
            }
            guard state.table == nil, await !isWatching(&state) else { return refuse(outbox, .alreadyAtTable) }
            guard let code = TableCode.normalized(typed), let table = await lobby.table(code: code), !table.isSolo else {
                if await redirect(toTable: typed, outbox) { return }
                return refuse(outbox, .unknownTable)
            }
            do {
                try await table.watch(id, outbox: outbox)
                state.watching = table
            } catch {
                refuse(outbox, failure: error)
            }
        case .atTable(let request):
            guard let id = state.id else { return refuse(outbox, .notSignedIn) }
            if state.table == nil, let watched = state.watching {
                if request == .leave { state.watching = nil }
                if await watched.handleWatching(request, from: id) || request == .leave { return }
                // The table closed under the watcher (TableClosed told them): they are back in the lobby.
                state.watching = nil
            }
            guard let table = state.table else { return refuse(outbox, .notAtTable) }
            await table.handle(request, from: id, receivedAt: received)
            if request == .leave { state.table = nil }
        }
    }

    /// Whether the connection still watches a table; forgets a table that has closed since.
    private func isWatching(_ state: inout State) async -> Bool {
        guard let table = state.watching, let id = state.id else { return false }
        if await table.isWatched(by: id) { return true }
        state.watching = nil
        return false
    }

    private func signedIn(_ state: State) -> PlayerInfo? {
        guard let id = state.id, let name = state.name else { return nil }
        return PlayerInfo(id: id, name: name)
    }
}

extension WireErrorCode: Error {}
