import Logging
import SnapStore

/// The ``TableDirectory`` of a node of a cluster: the directory its nodes share in their database (``ClusterDatabase``), which
/// knows every node's tables and every remembered reconnect token.
///
/// It never places a table on the node that asks (its own URL), nor at a node whose lease ran out: such a table
/// waits to be taken over, and a returning player is told it is moving (a joining one that it is unknown). When
/// the database does not answer, the table counts as unknown, and the failure is logged.
public struct ClusterTableDirectory: TableDirectory {
    private let cluster: any ClusterDatabase
    private let ownURL: String
    private let logger: Logger

    /// The directory of the node that reaches players at `ownURL`, over `cluster`.
    public init(cluster: any ClusterDatabase, ownURL: String, logger: Logger) {
        self.cluster = cluster
        self.ownURL = ownURL
        self.logger = logger
    }

    public func locate(code: String) async -> String? {
        do {
            guard case .node(let url)? = try await cluster.locate(code: code), url != ownURL else { return nil }
            return url
        } catch {
            logger.warning("the cluster's directory could not be asked where a table is", metadata: [
                "table": "\(code)", "error": "\(error)",
            ])
            return nil
        }
    }

    public func locate(token: String) async -> SeatLocation? {
        let code: String?
        do {
            code = try await cluster.locate(token: token)
        } catch {
            logger.warning("the cluster's directory could not be asked about a reconnect token", metadata: [
                "error": "\(error)"
            ])
            return nil
        }
        guard let code else { return nil }
        do {
            switch try await cluster.locate(code: code) {
            case .node(let url)? where url != ownURL: return .elsewhere(TableLocation(code: code, url: url))
            // This node's own, and not among its tables: it is taking the table over this very moment.
            case .orphaned?, .node?: return .moving(code: code)
            case nil: return nil
            }
        } catch {
            logger.warning("the cluster's directory could not be asked where a table is", metadata: [
                "table": "\(code)", "error": "\(error)",
            ])
            return nil
        }
    }
}
