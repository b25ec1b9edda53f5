import SnapCore
import SnapProtocol

/// A table's part in its cluster's journal: the entries on their way to the database (``TableJournal``), the
/// allowances last written there, and what the table sends, held until the entries that caused it are written
/// (``JournalGate``). A table of a server on its own has no journal: nothing is queued and nothing is held.
struct TableJournaling {
    /// Kept apart from the table's own storage, where a table of a server on its own, which has none, would hold
    /// its size anyway. Owned by one table, never shared.
    private final class Kept {
        var journal: TableJournal

        init(_ journal: TableJournal) {
            self.journal = journal
        }
    }

    private var kept: Kept?
    /// The table's journal; nil on a server on its own.
    var journal: TableJournal? { kept?.journal }
    private var gate = JournalGate()
    /// The allowances last written to the journal.
    private var allowances: [Seat: NetworkAllowance]

    /// The part of a table whose `journal` (nil: none) has `queued` entries already, its allowances `allowances`.
    init(journal: TableJournal?, allowances: [Seat: NetworkAllowance], queued: Int = 0) {
        self.kept = journal.map(Kept.init)
        self.allowances = allowances
        gate.queue(queued)
    }

    /// Whether the table keeps a journal (it is a cluster's).
    var isKept: Bool { kept != nil }

    /// Adds entries with `add`, which says how many it queued; what is sent from now on waits for them. Returns
    /// whether a write must start (none is on its way): the caller starts it.
    mutating func queue(_ add: (inout TableJournal) -> Int) -> Bool {
        guard let kept else { return false }
        gate.queue(add(&kept.journal))
        guard kept.journal.hasPending, !kept.journal.isWriting else { return false }
        kept.journal.isWriting = true
        return true
    }

    /// A round starts from a checkpoint with these allowances.
    mutating func checkpointed(allowances: [Seat: NetworkAllowance]) {
        self.allowances = allowances
    }

    /// Whether `current` differs from the allowances last journaled; they are the journaled ones from now on.
    mutating func allowancesChanged(to current: [Seat: NetworkAllowance]) -> Bool {
        guard kept != nil, allowances != current else { return false }
        allowances = current
        return true
    }

    // MARK: - Writing

    /// Takes every entry waiting, to be written in one statement, and the journal they go to; nil when none wait.
    mutating func takeBatch() -> (journal: TableJournal, batch: TableJournal.Batch)? {
        guard let kept, let batch = kept.journal.takeBatch() else { return nil }
        return (kept.journal, batch)
    }

    /// `batch` is written: sends what waited for it.
    mutating func written(_ batch: TableJournal.Batch) {
        for (outbox, packets) in gate.written(upTo: batch.end) { Self.deliver(packets, to: outbox) }
    }

    /// Puts back a batch whose write failed, before whatever was queued since.
    mutating func putBack(_ batch: TableJournal.Batch) {
        kept?.journal.putBack(batch)
    }

    /// No write is on its way any more.
    mutating func stoppedWriting() {
        kept?.journal.isWriting = false
    }

    /// Whether every entry is written and everything that waited for it was sent (always, on a server on its own).
    var isWritten: Bool {
        !(kept?.journal.hasPending ?? false) && !(kept?.journal.isWriting ?? false) && gate.isOpen
    }

    /// How many entries the journal has had.
    var length: Int { gate.queued }

    /// The table is no longer this node's: nothing more is journaled, and nothing held is ever sent.
    mutating func letGo() {
        kept = nil
        gate.dropAll()
    }

    // MARK: - Sending

    /// Sends `packets` to `outbox` once the journal has what caused them; those `outbox`'s protocol version does not
    /// know (CallTiming for version 1, the clocks for versions 1 and 2, the watcher count before version 4) are left
    /// out.
    mutating func send(_ packets: [Packet], to outbox: Outbox) {
        guard !gate.hold(packets, for: outbox) else { return }
        Self.deliver(packets, to: outbox)
    }

    private static func deliver(_ packets: [Packet], to outbox: Outbox) {
        let version = outbox.version
        let known = { (packet: Packet) in version >= packet.type.sinceVersion }
        // An event's packets go to each connection together, in one write; a new list only for a client too old
        // for some of them.
        outbox.send(packets.allSatisfy(known) ? packets : packets.filter(known))
    }
}
