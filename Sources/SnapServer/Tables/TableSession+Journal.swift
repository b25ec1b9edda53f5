import SnapCore
import SnapStore

extension TableSession {
    /// The reason in the close frame of a connection whose table moved to another node.
    static let movedReason = "the table moved to another server"

    /// Adds entries to the journal (in a cluster) with `add`, which says how many it queued; they are written as
    /// soon as the write before them is done, and what is sent from now on waits for them.
    func queueJournal(_ add: (inout TableJournal) -> Int) {
        guard journaling.queue(add) else { return }
        // Once this turn of the table is over: everything it queued goes in one statement.
        Task(executorPreference: taskExecutor) { [weak self] in await self?.writeJournal() }
    }

    /// Writes what waits in the journal, a batch at a time, and sends what waited for each batch.
    private func writeJournal() async {
        while let (current, batch) = journaling.takeBatch() {
            let clock = environment.clock
            let started = clock.now
            do throws(StoreError) {
                let next = try await current.cluster.append(code: code, fence: current.fence, entries: batch.entries)
                environment.metrics.journalWrite.recordNanoseconds((clock.now - started).nanoseconds)
                journaling.written(batch)
                if let index = batch.checkpoint {
                    trimJournal(current, before: next - Int64(batch.entries.count - index))
                }
            } catch .fenced, .noSuchTable {
                return lostToAnotherNode()
            } catch .notRegistered {
                // This node has left the cluster (it is shutting down): nothing can be journaled any more, and
                // trying again would go on for ever.
                logger.debug("the node left the cluster: the rest of the table's journal is not written")
                return journaling.letGo()
            } catch {
                // The database did not answer: nothing is sent until it does (or the lease runs out and the
                // table is handed over).
                logger.warning("the table's journal could not be written; trying again", metadata: ["error": "\(error)"])
                journaling.putBack(batch)
                try? await clock.sleep(for: .milliseconds(100))
            }
        }
        journaling.stoppedWriting()
    }

    /// Lets go of the entries before the checkpoint at `position`, in the background.
    private func trimJournal(_ journal: TableJournal, before position: Int64) {
        let logger = logger
        Task {
            do { try await journal.cluster.trim(code: journal.code, fence: journal.fence, before: position) } catch {
                logger.debug("the table's journal was not trimmed", metadata: ["error": "\(error)"])
            }
        }
    }

    /// The table is another node's now (this node's lease ran out and it was taken over): nothing held is sent,
    /// and everyone's connection is closed without a goodbye, so that their clients reconnect and are sent to the
    /// table's new node.
    func lostToAnotherNode() {
        guard !isClosed else { return }
        logger.warning("the table is another node's now: letting its players go there")
        handedOver.store(true, ordering: .relaxed)
        journaling.letGo()
        for watcher in watchers.removeAll() { watcher.close(.goingAway, reason: Self.movedReason) }
        for member in members.all {
            member.outbox?.close(.goingAway, reason: Self.movedReason)
            member.grace?.cancel()
        }
        close()
    }

    /// Whether every step is in the journal and everything that waited for it was sent (always, on a server on
    /// its own).
    var journalIsWritten: Bool { journaling.isWritten }

    /// Whether the table keeps a journal (until its node leaves the cluster).
    var keepsJournal: Bool { journaling.isKept }

    /// The table's ``state`` and how many entries its journal has had, at a moment when every one is written;
    /// nil while a write is on its way (for tests: the journal's first entries up to that count rebuild this).
    var writtenState: (state: (table: Table, random: UInt64), journalLength: Int)? {
        journalIsWritten ? (state, journaling.length) : nil
    }
}
