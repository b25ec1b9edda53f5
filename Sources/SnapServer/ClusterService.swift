import Logging
import ServiceLifecycle
import SnapStore

/// A node's life in its cluster, as a service of the server: renews the node's lease (every third of it),
/// follows the directory's changes into the lobby's list of every node's tables, and writes this node's tables'
/// listings. When the server stops, the tables still listed are removed and the node leaves the cluster.
///
/// A lease that runs out (the node was paused, or cut off from the database, for longer than the lease) means
/// the node's tables may be another node's now: it closes them and registers again, owning nothing.
struct ClusterService: Service {
    let link: ClusterLink
    let lobby: Lobby
    let logger: Logger

    /// What a player at a table is told when the node closes its tables after losing its lease.
    static let leaseLostReason = "This server lost its place in the cluster: join a table again."

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await renewLease() }
            group.addTask { await followChanges() }
            group.addTask { await link.publisher.run() }
            try? await gracefulShutdown()
            group.cancelAll()
        }
        // The lobby's service has closed every table by now (services stop in reverse order, and this one is
        // before it); those still listed go, then the node.
        await link.publisher.removeAll()
        do {
            try await link.cluster.leave()
            logger.info("left the cluster", metadata: ["node": "\(link.url)"])
        } catch {
            logger.warning("could not leave the cluster; its lease will run out", metadata: ["error": "\(error)"])
        }
    }

    private func renewLease() async {
        let interval = link.cluster.leaseLength / 3
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            guard !Task.isCancelled else { return }
            do throws(StoreError) {
                try await link.cluster.renew()
            } catch .leaseLost {
                await leaseLost()
            } catch {
                logger.warning("could not renew this node's lease in the cluster", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Stops acting for the node's tables, and registers the node again.
    private func leaseLost() async {
        let count = await lobby.tableCount
        logger.error(
            "this node's lease in the cluster ran out: closing its \(count) tables, which other nodes may own now",
            metadata: ["node": "\(link.url)"])
        link.publisher.forgetAll()
        await lobby.closeAllTables(reason: Self.leaseLostReason)
        while !Task.isCancelled {
            do {
                let node = try await link.cluster.register(url: link.url)
                logger.notice("registered in the cluster again", metadata: ["node": "\(node.url)", "term": "\(node.term)"])
                return
            } catch {
                logger.warning("could not register in the cluster again", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: link.cluster.leaseLength / 3)
            }
        }
    }

    /// Applies the directory's changes to the lobby's list; after a failure, listens again (its first change
    /// brings the list up to date).
    private func followChanges() async {
        while !Task.isCancelled {
            do {
                for try await change in link.cluster.changes() {
                    link.listings.apply(change)
                    lobby.listingChanges.signal()
                }
            } catch {
                logger.warning("lost the cluster's changes; listening again", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
