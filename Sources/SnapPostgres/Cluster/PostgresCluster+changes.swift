import Foundation
import Logging
import PostgresNIO
import SnapStore

/// Changes to the directory as they happen, through `LISTEN/NOTIFY` on a connection of their own.
extension PostgresCluster {
    /// The changes to the directory, from now on: first ``ClusterChange/current(_:)`` (every listed table, read
    /// once listening began, so no change falls between), then each change as it commits.
    ///
    /// The sequence has a connection of its own, checked every `timeout`; it ends by throwing a ``StoreError``
    /// when the server stops answering (ask again: the first element brings the lobby up to date). Stop iterating
    /// to close the connection.
    public func changes() -> AsyncThrowingStream<ClusterChange, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ClusterChange.self)
        let listener = Task { [address, timeout, logger, location] in
            do {
                let connection = try await withDeadline(timeout) {
                    try await address.connect(timeout: timeout, logger: logger)
                }
                do {
                    try await Self.listen(
                        on: connection, location: location, timeout: timeout, logger: logger, into: continuation)
                    try? await connection.close()
                } catch {
                    try? await connection.close()
                    throw error
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: StoreError(postgres: error, location: location, timeout: timeout))
            }
        }
        continuation.onTermination = { _ in listener.cancel() }
        return stream
    }

    private static func listen(
        on connection: PostgresConnection, location: String, timeout: Duration, logger: Logger,
        into continuation: AsyncThrowingStream<ClusterChange, any Error>.Continuation
    ) async throws {
        try await connection.listen(on: PostgresSchema.changesChannel) { notifications in
            let current = try await withDeadline(timeout) { try await Self.listings(connection, logger: logger) }
            continuation.yield(.current(current))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await notification in notifications {
                        if let change = Self.change(notification.payload) { continuation.yield(change) }
                    }
                    throw StoreError.unreachable(location: location, reason: "the server closed the listening connection")
                }
                // A listening connection otherwise only reads: a server gone silent would never be noticed.
                group.addTask {
                    while true {
                        try await Task.sleep(for: timeout)
                        _ = try await withDeadline(timeout) { try await connection.query("SELECT 1", logger: logger).collect() }
                    }
                }
                _ = try await group.next()
                group.cancelAll()
            }
        }
    }

    /// A notification's payload (JSON, made by the triggers of ``PostgresSchema``) as a change.
    static func change(_ payload: String) -> ClusterChange? {
        guard let notice = try? JSONDecoder().decode(Notice.self, from: Data(payload.utf8)) else { return nil }
        if let code = notice.table {
            guard notice.listed == true, let url = notice.node else { return .unlisted(code: code) }
            return .listed(
                ClusterTable(
                    listing: ClusterListing(
                        code: code, hostName: notice.host ?? "", players: notice.players ?? 0,
                        seatsFree: notice.seatsFree ?? 0, roundUnderWay: notice.roundUnderWay ?? false,
                        solo: notice.solo ?? false),
                    nodeURL: url))
        }
        guard let url = notice.node else { return nil }
        return notice.left == true ? .nodeLeft(url: url) : .nodeJoined(url: url)
    }

    /// What the triggers send.
    private struct Notice: Decodable {
        var table: String?
        var listed: Bool?
        var node: String?
        var host: String?
        var players: Int?
        var seatsFree: Int?
        var roundUnderWay: Bool?
        var solo: Bool?
        var left: Bool?

        enum CodingKeys: String, CodingKey {
            case table, listed, node, host, players, solo, left
            case seatsFree = "seats_free"
            case roundUnderWay = "round_under_way"
        }
    }
}
