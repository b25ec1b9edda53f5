import Logging
import ServiceLifecycle
import SnapStore

/// A node's life in its cluster, as a service of the server: renews the node's lease (every third of it),
/// follows the directory's changes into the lobby's list of every node's tables, writes this node's tables'
/// listings, and takes over the tables of nodes whose lease ran out (a share of them each time it looks, every
/// sixth of a lease, so that the live nodes split them). When the server stops, the tables still listed are
/// removed and the node leaves the cluster.
///
/// A lease that runs out (the node was paused, or cut off from the database, for longer than the lease) means
/// the node's tables may be another node's now: it lets them go (their players' clients come back through the
/// directory to wherever each table is taken over) and registers again, owning nothing.
struct ClusterService: Service {
    let link: ClusterLink
    let lobby: Lobby
    let clock: any ServerClock
    let logger: Logger

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await renewLease() }
            group.addTask { await followChanges() }
            group.addTask { await link.publisher.run() }
            group.addTask { await takeOverOrphans() }
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
            try? await clock.sleep(for: interval)
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
            "this node's lease in the cluster ran out: letting its \(count) tables go to the nodes that take them over",
            metadata: ["node": "\(link.url)"])
        link.publisher.forgetAll()
        await lobby.handOverAllTables()
        while !Task.isCancelled {
            do {
                let node = try await link.cluster.register(url: link.url)
                logger.notice("registered in the cluster again", metadata: ["node": "\(node.url)", "term": "\(node.term)"])
                return
            } catch {
                logger.warning("could not register in the cluster again", metadata: ["error": "\(error)"])
                try? await clock.sleep(for: link.cluster.leaseLength / 3)
            }
        }
    }

    /// Looks for tables whose node's lease ran out, and takes over this node's share of them: as many as there
    /// are orphans for each live node (rounded up), in an order of its own, so that nodes looking at the same
    /// moment mostly pick different tables; the directory lets exactly one node have each.
    private func takeOverOrphans() async {
        let interval = link.cluster.leaseLength / 6
        while !Task.isCancelled {
            try? await clock.sleep(for: interval)
            guard !Task.isCancelled else { return }
            do throws(StoreError) {
                let orphans = try await link.cluster.orphanedTables()
                guard !orphans.isEmpty else { continue }
                let live = max(1, try await link.cluster.liveNodes().count)
                var share = (orphans.count + live - 1) / live
                for code in orphans.shuffled() where share > 0 {
                    if await lobby.takeOver(code: code) { share -= 1 }
                }
            } catch {
                logger.warning("could not look for tables to take over", metadata: ["error": "\(error)"])
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
            try? await clock.sleep(for: .seconds(1))
        }
    }
}
