import Logging
import CoreMetrics
import ServiceLifecycle
import SnapStore

/// Takes finished rounds from the tables and writes them to the store, one at a time, on a task of its own:
/// a table hands a round over and goes on at once, whatever the database is doing.
///
/// The queue is bounded. A round that finds it full, or that the store fails to write, is not kept — and that
/// is said: a log line naming the table and round, and `snap_rounds_unsaved_total{reason}` at `/metrics`.
/// When the server stops, the rounds already queued are written before it exits.
struct RoundArchive: Service {
    /// How many finished rounds may wait for the store.
    static let queueLimit = 256

    private let store: any GameStore
    private let rounds: AsyncStream<RoundRecord>
    private let queue: AsyncStream<RoundRecord>.Continuation
    private let logger: Logger
    private let saved: CoreMetrics.Counter
    private let metrics: ServerMetrics

    init(store: any GameStore, logger: Logger, metrics: ServerMetrics) {
        self.store = store
        (rounds, queue) = AsyncStream.makeStream(of: RoundRecord.self, bufferingPolicy: .bufferingOldest(Self.queueLimit))
        self.logger = logger
        self.metrics = metrics
        saved = metrics.counter("snap_rounds_saved_total")
    }

    /// Queues a finished round for the store; never waits.
    func keep(_ round: RoundRecord) {
        switch queue.yield(round) {
        case .enqueued: break
        case .dropped: unsaved(round, reason: "queue_full", "\(Self.queueLimit) rounds are already waiting for the store")
        case .terminated: unsaved(round, reason: "stopping", "the server is stopping")
        @unknown default: break
        }
    }

    func run() async throws {
        // Writing goes on until the queue is finished and empty: a graceful stop keeps every round queued.
        let writer = Task {
            for await round in rounds {
                do {
                    let id = try await store.save(round)
                    saved.increment()
                    logger.debug("round stored", metadata: ["table": "\(round.tableCode)", "id": "\(id)"])
                } catch {
                    unsaved(round, reason: "store_failed", "\(error)")
                }
            }
        }
        try? await gracefulShutdown()
        queue.finish()
        await writer.value
        await store.close()
    }

    private func unsaved(_ round: RoundRecord, reason: String, _ why: String) {
        metrics.counter("snap_rounds_unsaved_total", ("reason", reason)).increment()
        logger.error(
            "round \(round.roundNumber) of table \(round.tableCode) was not stored: \(why)",
            metadata: ["winner": "\(round.winner ?? "none")", "actions": "\(round.actionCount)"])
    }
}
