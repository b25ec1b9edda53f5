import SnapCore
import SnapProtocol
import SnapStore

/// A table's journal in the cluster's database, as the table writes it: a checkpoint as the table opens and as
/// each round starts, then every step of its runner and every person seated. The entries wait here until the
/// table writes them, all those of one moment in one statement; a checkpoint written lets everything before it go.
///
/// The times of the steps count from the last checkpoint, so that a rebuilt runner (which starts from the
/// checkpoint at zero) meets them at the same moments.
struct TableJournal {
    /// A run of entries on its way to the database.
    struct Batch {
        var entries: [[UInt8]]
        /// The number of entries queued once these are written (``JournalGate``'s count).
        var end: Int
        /// Where in `entries` the last checkpoint is, if one is among them.
        var checkpoint: Int?
    }

    /// The directory, as this node.
    let cluster: any ClusterDatabase
    /// The table's code.
    let code: String
    /// The fence the table was claimed or taken over with: appends under any other are refused.
    let fence: Int64
    /// The runner's time at the last checkpoint.
    private(set) var origin: Duration = .zero
    /// Whether a write is on its way.
    var isWriting = false
    private var pending: [[UInt8]] = []
    private var pendingCheckpoint: Int?
    /// Whether the last entry waiting is a move of the timeline that fired nothing: the next move replaces it.
    private var lastIsQuietAdvance = false
    private var queued = 0

    init(cluster: any ClusterDatabase, code: String, fence: Int64) {
        self.cluster = cluster
        self.code = code
        self.fence = fence
    }

    /// Whether entries wait to be written.
    var hasPending: Bool { !pending.isEmpty }

    /// Adds a checkpoint taken at runner time `time`; returns how many entries were queued (1).
    mutating func checkpoint(_ checkpoint: TableCheckpoint, at time: Duration) -> Int {
        origin = time
        pendingCheckpoint = pending.count
        return add(.checkpoint(checkpoint))
    }

    /// Adds an action or new allowances; returns how many entries were queued.
    mutating func record(_ step: RoundStep) -> Int {
        add(.step(step))
    }

    /// Adds a move of the runner's timeline to `time` (which fired events unless `quiet`); returns how many
    /// entries were queued (0 when it replaced a quiet move still waiting: the same timers fire in the same order).
    mutating func advanced(to time: Duration, quiet: Bool) -> Int {
        let step = TableJournalRecord.step(.advance(to: time - origin))
        if lastIsQuietAdvance {
            pending[pending.count - 1] = step.encoded()
            lastIsQuietAdvance = quiet
            return 0
        }
        let added = add(step)
        lastIsQuietAdvance = quiet
        return added
    }

    /// Adds a person seated with their reconnect token; returns how many entries were queued (1).
    mutating func seated(_ id: PlayerID, token: String) -> Int {
        add(.seated(id, token: token))
    }

    private mutating func add(_ record: TableJournalRecord) -> Int {
        pending.append(record.encoded())
        lastIsQuietAdvance = false
        queued += 1
        return 1
    }

    /// Takes every entry waiting, to be written in one statement; nil when none wait.
    mutating func takeBatch() -> Batch? {
        guard !pending.isEmpty else { return nil }
        defer {
            pending = []
            pendingCheckpoint = nil
            lastIsQuietAdvance = false
        }
        return Batch(entries: pending, end: queued, checkpoint: pendingCheckpoint)
    }

    /// Puts back a batch whose write failed, before whatever was queued since.
    mutating func putBack(_ batch: Batch) {
        if let checkpoint = pendingCheckpoint {
            pendingCheckpoint = checkpoint + batch.entries.count
        } else {
            pendingCheckpoint = batch.checkpoint
        }
        pending = batch.entries + pending
    }
}
