import SnapCore
import SnapProtocol

/// The messages of the transport floor: a bare WebSocket exchange with Snap!'s frame sizes and fan-out, and
/// no game in it.
///
/// Every message is a binary frame: a kind byte, a group number, a seat, padded with zeros to the size of the
/// Snap! packet it stands for, so that the floor moves the same bytes as the game.
public enum FloorMessage: Equatable, Sendable {
    /// A client sits at seat `seat` of group `group` (Snap!: joining a table).
    case join(group: UInt32, seat: UInt8)
    /// The client at `seat` turns a card (Snap!: ClientTurnedCard); the server fans out ``turned``.
    case turn(seat: UInt8)
    /// The client at `seat` calls (Snap!: CallSnap); the server fans out ``called``.
    case call(seat: UInt8)
    /// Sent to every seat of the group for a turn (Snap!: CardTurned), followed after the next-player delay by
    /// ``activate``; `card` counts the group's turns, so that its bots agree on which cards they all call on, as
    /// Snap! bots all call on the same matches.
    case turned(seat: UInt8, card: UInt32)
    /// Sent to every seat for a call (Snap!: SnapJudged, the verdict of a judged call in protocol version 10).
    case called(seat: UInt8)
    /// Sent to every seat when it is `seat`'s turn (Snap!: Turn, protocol version 10's ActivatePlayer).
    case activate(seat: UInt8)
    /// Sent to every seat when the first call on a card has shown (Snap!: the cards moving, as PileCollected).
    case moved(seat: UInt8)
    /// Sent to every seat when play goes on after the cards moved (Snap!: Resumed).
    case resumed
    /// The server's keep-alive (Snap!: Ping); the client answers with ``pong``.
    case ping
    /// The answer to ``ping`` (Snap!: Pong).
    case pong

    private var kind: UInt8 {
        switch self {
        case .join: 1
        case .turn: 2
        case .call: 3
        case .turned: 4
        case .called: 5
        case .activate: 6
        case .ping: 7
        case .pong: 8
        case .moved: 9
        case .resumed: 10
        }
    }

    /// The size of the Snap! frame this message stands for (never less than the floor's own 6-byte header).
    public var size: Int { Swift.max(6, Self.snapSizes[Int(kind)]) }

    /// The message as the bytes of one binary frame.
    public func encoded() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        bytes[0] = kind
        switch self {
        case .join(let group, let seat):
            Self.put(group, at: 1, in: &bytes)
            bytes[5] = seat
        case .turned(let seat, let card):
            bytes[5] = seat
            Self.put(card, at: 6, in: &bytes)
        case .turn(let seat), .call(let seat), .called(let seat), .activate(let seat), .moved(let seat):
            bytes[5] = seat
        case .ping, .pong, .resumed:
            break
        }
        return bytes
    }

    /// Reads a message from a frame's bytes; nil when they are not one.
    public init?(_ bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        guard bytes.count >= 6 else { return nil }
        let seat = bytes[5]
        switch bytes[0] {
        case 1:
            self = .join(group: Self.number(at: 1, in: bytes), seat: seat)
        case 2: self = .turn(seat: seat)
        case 3: self = .call(seat: seat)
        case 4:
            guard bytes.count >= 10 else { return nil }
            self = .turned(seat: seat, card: Self.number(at: 6, in: bytes))
        case 5: self = .called(seat: seat)
        case 6: self = .activate(seat: seat)
        case 7: self = .ping
        case 8: self = .pong
        case 9: self = .moved(seat: seat)
        case 10: self = .resumed
        default: return nil
        }
    }

    private static func put(_ number: UInt32, at index: Int, in bytes: inout [UInt8]) {
        for offset in 0..<4 { bytes[index + offset] = UInt8(truncatingIfNeeded: number >> (24 - 8 * offset)) }
    }

    private static func number(at index: Int, in bytes: [UInt8]) -> UInt32 {
        bytes[index..<index + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// Each kind's Snap! frame size, indexed by kind, measured from the real encoder: the packets a client of the
    /// newest protocol version sends and is sent (CallSnap for a call, SnapJudged for its verdict, Turn for the next
    /// player).
    private static let snapSizes: [Int] = {
        let frames: [Frame] = [
            Frame(number: nil, packet: .clientReady),
            Frame(number: nil, packet: .joinTable(code: "ABCD")),
            Frame(number: nil, packet: .clientTurnedCard),
            Frame(number: nil, packet: .callSnap(reaction: 250_000)),
            Frame(number: 1, packet: .cardTurned(seat: .bottom, card: Deck.ordered[0])),
            Frame(number: 1, packet: .snapJudged(SnapCall(seat: .bottom, verdict: .wrong), reaction: 250_000, margin: nil)),
            Frame(number: 1, packet: .turn(seat: .bottom)),
            Frame(number: 1, packet: .ping(1 << 40)),
            Frame(number: nil, packet: .pong(1 << 40)),
            Frame(number: 1, packet: .pileCollected(from: .bottom, to: .left, count: 12)),
            Frame(number: 1, packet: .resumed),
        ]
        return frames.map { $0.encoded().count }
    }()
}
