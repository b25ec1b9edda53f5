import SnapServer
import Synchronization

/// Who sits in which group, for the floor's fan-out.
final class FloorGroups: Sendable {
    private let members = Mutex([UInt32: [UInt8: WebSocketSender]]())
    /// Each group's cards turned so far, and whether its latest has had a call: only the first call on a card moves
    /// cards, as Snap!'s judged one does.
    private let cards = Mutex([UInt32: (turned: UInt32, called: Bool)]())

    func join(_ group: UInt32, seat: UInt8, sender: WebSocketSender) {
        members.withLock { $0[group, default: [:]][seat] = sender }
    }

    func leave(_ group: UInt32, seat: UInt8) {
        members.withLock { members in
            members[group]?[seat] = nil
            if members[group]?.isEmpty == true {
                members[group] = nil
                _ = cards.withLock { $0.removeValue(forKey: group) }
            }
        }
    }

    /// A card was turned in `group`: returns its number there (from 1); the next call on it is its first.
    func turned(in group: UInt32) -> UInt32 {
        cards.withLock { cards in
            let number = (cards[group]?.turned ?? 0) &+ 1
            cards[group] = (number, false)
            return number
        }
    }

    /// Whether this is the first call on `group`'s latest card (and notes that it has had one).
    func isFirstCall(in group: UInt32) -> Bool {
        cards.withLock { cards in
            guard cards[group]?.called == false else { return false }
            cards[group]?.called = true
            return true
        }
    }

    /// The seat that plays after `seat` in the group: the next occupied one, clockwise.
    func seat(after seat: UInt8, in group: UInt32) -> UInt8 {
        let seats = members.withLock { $0[group].map { Array($0.keys).sorted() } ?? [] }
        return seats.first { $0 > seat } ?? seats.first ?? seat
    }

    /// Pings every seat of every group once per `interval` until cancelled, a hundredth of the groups at a time.
    func keepPinging(every interval: Duration) async {
        let slices: UInt32 = 100
        var slice: UInt32 = 0
        let ping = FloorMessage.ping.encoded()
        while !Task.isCancelled {
            try? await Task.sleep(for: interval / Int(slices))
            let senders = members.withLock { members in
                members.filter { $0.key % slices == slice }.flatMap { $0.value.values }
            }
            for sender in senders { sender.send { _ in ping } }
            slice = (slice + 1) % slices
        }
    }

    /// Sends `message` to every seat of the group.
    func fanOut(_ message: FloorMessage, to group: UInt32) {
        let senders = members.withLock { $0[group].map { Array($0.values) } ?? [] }
        let bytes = message.encoded()
        for sender in senders { sender.send { _ in bytes } }
    }
}
