import Logging
import SnapStore

/// A node's part in a cluster of `snap serve` nodes sharing one PostgreSQL database: the directory it is
/// registered in, the URL players reach it at, the other nodes' tables as last heard, and the listings of its
/// own tables on their way to the directory.
///
/// The lobby claims each new table's code through it and tells it when a table changes or closes; reconnect
/// tokens are remembered in the directory so that any node can send a returning player to their table.
final class ClusterLink: Sendable {
    /// The shared directory, registered as this node.
    let cluster: any ClusterDatabase
    /// Where players reach this node (`ws://host:port/ws`), as registered.
    let url: String
    /// Every listed table of every node, kept current from the directory's changes.
    let listings: ClusterListingCache
    /// This node's tables' listings, written to the directory as they change.
    let publisher: ClusterPublisher
    private let logger: Logger

    /// The link of a node registered in `cluster` at `url`.
    init(cluster: any ClusterDatabase, url: String, logger: Logger) {
        self.cluster = cluster
        self.url = url
        self.logger = logger
        listings = ClusterListingCache(ownURL: url)
        publisher = ClusterPublisher(cluster: cluster, logger: logger)
    }

    /// Keeps the reconnect token `token` as belonging to table `code` in the directory, in the background: the
    /// player's seat does not wait for the database.
    func remember(token: String, at code: String) {
        let (cluster, logger) = (cluster, logger)
        Task {
            do { try await cluster.remember(token: token, at: code) } catch {
                logger.debug("a reconnect token was not kept in the cluster", metadata: ["table": "\(code)", "error": "\(error)"])
            }
        }
    }

    /// Forgets a token whose holder left for good, in the background.
    func forget(token: String) {
        let (cluster, logger) = (cluster, logger)
        Task {
            do { try await cluster.forget(token: token) } catch {
                logger.debug("a reconnect token was not forgotten in the cluster", metadata: ["error": "\(error)"])
            }
        }
    }
}
