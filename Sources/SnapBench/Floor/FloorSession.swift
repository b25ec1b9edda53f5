import NIOCore
import SnapServer
import Synchronization

/// One connection to the transport floor: where it sits, and the fan-out of what it sends, done on the socket's
/// event loop as the messages arrive.
final class FloorSession: WebSocketSession {
    let sender: WebSocketSender
    private let groups: FloorGroups
    private let nextPlayerDelay: Duration
    private let place = Mutex<(group: UInt32, seat: UInt8)?>(nil)

    init(sender: WebSocketSender, groups: FloorGroups, nextPlayerDelay: Duration) {
        self.sender = sender
        self.groups = groups
        self.nextPlayerDelay = nextPlayerDelay
    }

    func received(_ message: ByteBuffer, binary: Bool) -> Bool {
        guard binary, let floorMessage = FloorMessage(message.readableBytesView) else { return true }
        switch floorMessage {
        case .join(let group, let seat):
            place.withLock { $0 = (group, seat) }
            groups.join(group, seat: seat, sender: sender)
        case .turn(let seat):
            guard let place = place.withLock({ $0 }) else { return true }
            groups.fanOut(.turned(seat: seat), to: place.group)
            Task { [groups, nextPlayerDelay] in
                try? await Task.sleep(for: nextPlayerDelay)
                groups.fanOut(.activate(seat: groups.seat(after: seat, in: place.group)), to: place.group)
            }
        case .call(let seat):
            guard let place = place.withLock({ $0 }) else { return true }
            groups.fanOut(.called(seat: seat), to: place.group)
        default:
            break
        }
        return true
    }

    func ended() {
        if let place = place.withLock({ $0 }) { groups.leave(place.group, seat: place.seat) }
    }
}
