import NIOCore
import SnapCore
import SnapServer
import Synchronization

/// One connection to the transport floor: where it sits, and the fan-out of what it sends, done on the socket's
/// event loop as the messages arrive.
final class FloorSession: WebSocketSession {
    let sender: WebSocketSender
    private let groups: FloorGroups
    private let timing: TableTiming
    private let speed: Double
    private let place = Mutex<(group: UInt32, seat: UInt8)?>(nil)

    /// A session whose group's delays are Snap!'s `timing` divided by `speed`.
    init(sender: WebSocketSender, groups: FloorGroups, timing: TableTiming = .standard, speed: Double) {
        self.sender = sender
        self.groups = groups
        self.timing = timing
        self.speed = speed
    }

    func received(_ message: ByteBuffer, binary: Bool) -> Bool {
        guard binary, let floorMessage = FloorMessage(message.readableBytesView) else { return true }
        switch floorMessage {
        case .join(let group, let seat):
            place.withLock { $0 = (group, seat) }
            groups.join(group, seat: seat, sender: sender)
        case .turn(let seat):
            guard let place = place.withLock({ $0 }) else { return true }
            let card = groups.turned(in: place.group)
            groups.fanOut(.turned(seat: seat, card: card), to: place.group)
            Task { [groups, delay = timing.nextPlayer / speed] in
                try? await Task.sleep(for: delay)
                groups.fanOut(.activate(seat: groups.seat(after: seat, in: place.group)), to: place.group)
            }
        case .call(let seat):
            guard let place = place.withLock({ $0 }) else { return true }
            groups.fanOut(.called(seat: seat), to: place.group)
            // As at a Snap! table, the first call on a card is the judged one: its verdict shows, the cards move,
            // and play resumes, each a message to every seat.
            guard groups.isFirstCall(in: place.group) else { return true }
            Task { [groups, show = timing.showVerdict / speed, after = timing.afterMove / speed] in
                try? await Task.sleep(for: show)
                groups.fanOut(.moved(seat: seat), to: place.group)
                try? await Task.sleep(for: after)
                groups.fanOut(.resumed, to: place.group)
            }
        default:
            break
        }
        return true
    }

    func ended() {
        if let place = place.withLock({ $0 }) { groups.leave(place.group, seat: place.seat) }
    }
}
