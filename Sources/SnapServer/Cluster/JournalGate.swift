import SnapProtocol

/// Where a table of a cluster holds back what it sends until its journal has caught up: the packets a step caused
/// go out only once the step is in the database, so that a node that dies never told anyone of a step the node
/// taking its table over cannot know. On a server on its own nothing is ever held.
///
/// Each held send is marked with the number of journal entries queued when it was made; it goes out, in order,
/// once that many are written.
struct JournalGate {
    private struct Held {
        var mark: Int
        var outbox: Outbox
        var packets: [Packet]
    }

    /// Journal entries queued so far, and of those, written.
    private(set) var queued = 0
    private(set) var written = 0
    private var held: [Held] = []

    /// Whether a send goes out at once: nothing queued is unwritten, and nothing is held before it.
    var isOpen: Bool { written == queued && held.isEmpty }

    /// How many sends are held.
    var heldCount: Int { held.count }

    /// `count` more entries are queued for the journal.
    mutating func queue(_ count: Int) {
        queued += count
    }

    /// Holds `packets` for `outbox` until the entries queued so far are written; false when the gate is open and
    /// the caller may send them at once.
    mutating func hold(_ packets: [Packet], for outbox: Outbox) -> Bool {
        guard !isOpen else { return false }
        held.append(Held(mark: queued, outbox: outbox, packets: packets))
        return true
    }

    /// The first `count` entries are written: returns what may go out now, in the order it was sent.
    mutating func written(upTo count: Int) -> [(Outbox, [Packet])] {
        written = max(written, count)
        let ready = held.prefix { $0.mark <= written }
        held.removeFirst(ready.count)
        return ready.map { ($0.outbox, $0.packets) }
    }

    /// Drops everything held: the table is no longer this node's, and what it held must never be sent.
    mutating func dropAll() {
        held = []
        written = queued
    }
}
