import Logging
import SnapStore
import Synchronization

/// Writes this node's tables' listings to the cluster's directory as they change, and removes the tables that
/// close. Changes that come faster than they are written collapse: the directory gets each table's latest figures.
final class ClusterPublisher: Sendable {
    /// What is still to be written about one table.
    private enum Pending {
        case publish
        case remove
    }

    private struct State {
        /// This node's open tables, by code.
        var tables: [String: TableSession] = [:]
        var pending: [String: Pending] = [:]
    }

    private let state = Mutex(State())
    private let wake: AsyncStream<Void>
    private let wakeContinuation: AsyncStream<Void>.Continuation
    private let cluster: any ClusterDatabase
    private let logger: Logger

    init(cluster: any ClusterDatabase, logger: Logger) {
        self.cluster = cluster
        self.logger = logger
        (wake, wakeContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Notes a table of this node's that just opened (its code claimed).
    func opened(_ table: TableSession) {
        state.withLock {
            $0.tables[table.code] = table
            // A table taken back over by this node: a removal still waiting from when it let the table go is void.
            if $0.pending[table.code] == .remove { $0.pending[table.code] = nil }
        }
    }

    /// Forgets a table without writing anything: it closed here because it is another node's now.
    func forget(_ code: String) {
        state.withLock {
            $0.tables[code] = nil
            $0.pending[code] = nil
        }
    }

    /// Notes that a table's listing changed.
    func changed(_ code: String) {
        state.withLock { if $0.tables[code] != nil { $0.pending[code] = .publish } }
        wakeContinuation.yield()
    }

    /// Notes that a table closed: it is to leave the directory.
    func closed(_ code: String) {
        state.withLock {
            $0.tables[code] = nil
            $0.pending[code] = .remove
        }
        wakeContinuation.yield()
    }

    /// Forgets every table without writing anything: the node lost its lease, and they are not its own any more.
    func forgetAll() {
        state.withLock { $0 = State() }
    }

    /// Writes changes as they come until cancelled.
    func run() async {
        for await _ in wake {
            guard !Task.isCancelled else { return }
            await writePending()
        }
    }

    /// Removes every table still open, and every one closed but not yet removed (the node is leaving); what
    /// was still to be published is dropped.
    func removeAll() async {
        let codes = state.withLock { state in
            defer { state = State() }
            return Set(state.tables.keys).union(state.pending.keys)
        }
        for code in codes.sorted() { await write(.remove, code: code, table: nil) }
    }

    private func writePending() async {
        let batch = state.withLock { state in
            defer { state.pending = [:] }
            return state.pending.map { ($0.key, $0.value, state.tables[$0.key]) }
        }
        for (code, pending, table) in batch { await write(pending, code: code, table: table) }
    }

    private func write(_ pending: Pending, code: String, table: TableSession?) async {
        do throws(StoreError) {
            switch pending {
            case .publish:
                guard let table else { return }
                let summary = table.summary
                try await cluster.publish(
                    ClusterListing(
                        code: code, hostName: summary.hostName, players: Int(summary.players),
                        seatsFree: Int(summary.seatsFree), roundUnderWay: summary.roundUnderWay, solo: !table.isListed))
            case .remove:
                try await cluster.remove(code: code)
            }
        } catch .noSuchTable {
            // Already gone (removed, or the table closed before its listing was written).
        } catch .fenced {
            // Not this node's any more (its lease ran out): the node has stopped acting for it.
            logger.debug("a table that is not this node's any more was not written", metadata: ["table": "\(code)"])
        } catch {
            logger.warning(
                "the cluster's directory was not updated for a table", metadata: ["table": "\(code)", "error": "\(error)"])
        }
    }
}
