import HummingbirdWebSocket
import Logging
import NIOWebSocket
import NIOCore
import SnapCore
import SnapProtocol

/// One WebSocket connection: signs the person in, takes them to a table, and passes their packets on.
///
/// The server knows who is on each connection; any id a client names is ignored.
struct PlayerConnection {
    let lobby: Lobby
    let configuration: SnapServerConfiguration
    let metrics: ServerMetrics
    let logger: Logger

    private struct State {
        var id: PlayerID?
        var name: String?
        var token: String?
        var table: TableSession?
        var malformed = 0
    }

    /// Runs the connection until it closes.
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let metrics = metrics
        let outbox = Outbox { bytes in
            metrics.packetsOut.increment()
            metrics.bytesOut.increment(by: bytes)
        }
        guard await lobby.register(outbox) else {
            outbox.send(.error(code: WireErrorCode.serverFull.rawValue, message: WireErrorCode.serverFull.message))
            outbox.close(.unexpectedServerError, reason: "server full")
            await outbox.drain(into: outbound)
            return
        }
        outbox.send(.signInRequest)
        // The reader takes packets in a task of its own while this one writes. When the outbox is closed — for
        // misbehaving, for a reconnection taking the seat over, for silence, or at shutdown — the writer ends
        // once the close frame is out, and stops the reader, so a connection that has gone quiet cannot keep
        // its handler waiting for packets that will never come.
        let reader = Task { await read(inbound, outbox) }
        outbox.whenAbandoned { reader.cancel() }
        await outbox.drain(into: outbound)
        reader.cancel()
        await reader.value
    }

    /// Takes the connection's packets until it closes, or the reading is cancelled; then counts it out.
    private func read(_ inbound: WebSocketInboundStream, _ outbox: Outbox) async {
        var state = State()
        do {
            for try await message in inbound.messages(maxSize: Wire.maximumPacketSize) {
                if outbox.isClosed { break }
                outbox.heard()
                metrics.packetsIn.increment()
                guard case .binary(let buffer) = message else {
                    malformed(&state, outbox, "Packets are binary frames; text frames are not understood.")
                    continue
                }
                let frame: Frame
                do {
                    frame = try Frame.decode(buffer.readableBytesView)
                } catch {
                    malformed(&state, outbox, "That packet could not be read: \(error).")
                    continue
                }
                if case .pong(let sent) = frame.packet {
                    let roundTrip = (ContinuousClock.now - lobby.epoch).nanoseconds - Int64(clamping: sent)
                    if roundTrip >= 0 { metrics.roundTrip.recordNanoseconds(roundTrip) }
                    continue
                }
                await handle(frame.packet, &state, outbox)
            }
        } catch {
            logger.debug("connection ended: \(error)")
        }
        if let table = state.table, let id = state.id { await table.disconnected(id, outbox: outbox) }
        outbox.finish()
        await lobby.unregister(outbox)
    }

    private func malformed(
        _ state: inout State, _ outbox: Outbox, _ message: String, code: WireErrorCode = .malformedPacket
    ) {
        state.malformed += 1
        refuse(outbox, code, message)
        if state.malformed >= configuration.malformedPacketLimit {
            outbox.close(.protocolError, reason: "too many malformed packets")
        }
    }

    private func refuse(_ outbox: Outbox, _ code: WireErrorCode, _ message: String? = nil) {
        metrics.error(code: code.rawValue)
        outbox.send(.error(code: code.rawValue, message: message ?? code.message))
    }

    private func refuse(_ outbox: Outbox, _ error: TableError) {
        metrics.error(code: error.rawValue)
        outbox.send(.error(code: error.rawValue, message: error.description))
    }

    private func handle(_ packet: Packet, _ state: inout State, _ outbox: Outbox) async {
        switch packet {
        case .signInResponse(let name):
            guard state.id == nil else { return refuse(outbox, .alreadySignedIn) }
            do {
                let name = try PlayerName.validated(name)
                let id = await lobby.newPlayerID()
                let token = (0..<4).map { _ in String(UInt32.random(in: 0...UInt32.max), radix: 16) }.joined()
                state.id = id
                state.name = name
                state.token = token
                outbox.send(.welcome(version: Wire.version, id: id, token: token))
            } catch {
                refuse(outbox, .badName, "That name cannot be used: \(error).")
            }
        case .reconnect(let token):
            guard state.table == nil else { return refuse(outbox, .alreadyAtTable) }
            guard let (table, info) = await lobby.reconnect(token: token, outbox: outbox) else {
                return refuse(outbox, .unknownToken)
            }
            state.id = info.id
            state.name = info.name
            state.token = token
            state.table = table
        case .listTables:
            guard state.id != nil else { return refuse(outbox, .notSignedIn) }
            outbox.send(.tableList(fitting: await lobby.openTables()))
        case .hostTable(let solo):
            guard let info = signedIn(state) else { return refuse(outbox, .notSignedIn) }
            guard state.table == nil else { return refuse(outbox, .alreadyAtTable) }
            do {
                let table = try await lobby.openTable(solo: solo)
                _ = try await table.join(info, token: state.token!, outbox: outbox)
                if solo { await table.seatComputerOpponents() }
                await lobby.remember(token: state.token!, at: table.code)
                state.table = table
            } catch let error as WireErrorCode {
                refuse(outbox, error)
            } catch let error as TableError {
                refuse(outbox, error)
            } catch {
                refuse(outbox, .unexpectedPacket, "\(error)")
            }
        case .joinTable(let typed):
            guard let info = signedIn(state) else { return refuse(outbox, .notSignedIn) }
            guard state.table == nil else { return refuse(outbox, .alreadyAtTable) }
            guard let code = TableCode.normalized(typed), let table = await lobby.table(code: code), !table.isSolo else {
                return refuse(outbox, .unknownTable)
            }
            do {
                _ = try await table.join(info, token: state.token!, outbox: outbox)
                await lobby.remember(token: state.token!, at: code)
                state.table = table
            } catch let error as TableError {
                refuse(outbox, error)
            } catch let error as WireErrorCode {
                refuse(outbox, error)
            } catch {
                refuse(outbox, .unexpectedPacket, "\(error)")
            }
        case .clientTurnedCard, .playerShouldSnap, .startRound, .addComputer, .resyncRequest, .clientReady,
            .clientDealtCards, .clientQuit:
            guard let id = state.id else { return refuse(outbox, .notSignedIn) }
            guard let table = state.table else { return refuse(outbox, .notAtTable) }
            await table.handle(packet, from: id)
            if case .clientQuit = packet { state.table = nil }
        case .signInRequest, .serverReady, .dealCards, .activatePlayer, .playerCalledSnap, .otherClientQuit,
            .serverQuit, .welcome, .tableList, .tableJoined, .ping, .snapshot, .error, .cardTurned, .playerJoined,
            .seatsRearranged, .hostChanged, .dealFinished, .recycled, .pileCollected, .openPileTurnedUnder,
            .cardPaid, .playerOut, .resumed, .roundWon, .roundAbandoned, .playerConnection, .pong:
            malformed(&state, outbox, "\(packet.name) is a packet the server sends, not one it takes.", code: .unexpectedPacket)
        }
    }

    private func signedIn(_ state: State) -> PlayerInfo? {
        guard let id = state.id, let name = state.name else { return nil }
        return PlayerInfo(id: id, name: name)
    }
}

extension WireErrorCode: Error {}
