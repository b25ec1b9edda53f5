import NIOCore
import NIOWebSocket
import SnapCore
import SnapProtocol
import SnapServer
import Synchronization

/// One connection to the transport floor: signs its player in as a Snap! server does, seats them at a table
/// (``FloorTable``) and passes on what they do there, on the socket's event loop as the packets arrive.
///
/// It reads only what a load run's bots send (``LeanSnapBot``): Hello, SignInResponse, HostTable, JoinTable,
/// StartRound (with a deal or not), ClientTurnedCard, CallSnap, ResyncRequest and Pong. Anything else is refused
/// with Snap!'s error.
final class FloorSession: WebSocketSession {
    private struct State {
        var version: UInt8 = 1
        var player: PlayerInfo?
        var place: (table: FloorTable, seat: Seat)?
    }

    let sender: WebSocketSender
    private let tables: FloorTables
    private let loop: any EventLoop
    private let state = Mutex(State())

    /// A session for the connection `sender` writes to, on `loop`, whose player may open or join `tables`; it asks
    /// the client to sign in.
    init(sender: WebSocketSender, loop: any EventLoop, tables: FloorTables) {
        self.sender = sender
        self.loop = loop
        self.tables = tables
        send([.signInRequest])
    }

    /// The protocol version the client said (1 until it says).
    private var version: UInt8 { state.withLock { $0.version } }

    /// Sends `packets` as the client's version has them.
    func send(_ packets: [Packet]) {
        sender.send(packets, version: version)
    }

    /// Sends the client's version's packets of `moment`.
    func send(_ moment: TableMoment) {
        let version = version
        sender.send(moment.packets(for: version), version: version)
    }

    /// Tells the client its request was refused, as a Snap! server does.
    func refuse(code: UInt16, _ message: String) {
        send([.error(code: code, message: message)])
    }

    func received(_ message: ByteBuffer, binary: Bool) -> Bool {
        guard binary, let frame = try? Frame.decode(message.readableBytesView) else {
            sender.close(.protocolError, reason: "not a Snap! packet", cutAfterWrite: true)
            return false
        }
        handle(frame.packet)
        return true
    }

    private func handle(_ packet: Packet) {
        switch packet {
        case .hello(let version):
            state.withLock { $0.version = version }
        case .signInResponse(let name):
            let player = PlayerInfo(id: tables.newPlayerID(), name: name)
            state.withLock { $0.player = player }
            send([.welcome(version: Wire.version, id: player.id, token: player.id.rawValue)])
        case .hostTable:
            sit(at: tables.open(on: loop))
        case .joinTable(let code):
            guard let table = tables[code] else {
                return refuse(code: WireErrorCode.unknownTable.rawValue, WireErrorCode.unknownTable.message)
            }
            sit(at: table)
        case .startRound:
            act { .startRound(by: $0, deal: .drawn) }
        case .startRoundWithDeal(let code):
            act { .startRound(by: $0, deal: .chosen(code)) }
        case .clientTurnedCard:
            act { .turnCard($0) }
        case .callSnap(let reaction):
            act { .callSnap($0, reaction: .microseconds(Int64(reaction))) }
        case .resyncRequest:
            guard let place = state.withLock({ $0.place }) else { return refuseNotSeated() }
            place.table.sendSnapshot(to: self, seat: place.seat)
        case .pong:
            break
        default:
            refuse(code: WireErrorCode.unexpectedPacket.rawValue, WireErrorCode.unexpectedPacket.message)
        }
    }

    private func sit(at table: FloorTable) {
        let (player, seated) = state.withLock { ($0.player, $0.place != nil) }
        guard let player, !seated else {
            return refuse(code: WireErrorCode.unexpectedPacket.rawValue, WireErrorCode.unexpectedPacket.message)
        }
        guard let seat = table.join(self, as: player) else {
            if table.leave(nil) { tables.closed(table) }
            return
        }
        state.withLock { $0.place = (table, seat) }
    }

    private func act(_ action: (Seat) -> TableAction) {
        guard let place = state.withLock({ $0.place }) else { return refuseNotSeated() }
        place.table.act(action(place.seat), from: self)
    }

    private func refuseNotSeated() {
        refuse(code: TableError.notSeated.rawValue, TableError.notSeated.description)
    }

    func ended() {
        guard let place = state.withLock({ $0.place }) else { return }
        if place.table.leave(place.seat) { tables.closed(place.table) }
    }
}
