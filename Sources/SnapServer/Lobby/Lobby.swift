import Logging
import NIOCore
import NIOWebSocket
import SnapCore
import SnapProtocol
import SnapStore

/// Every table on the server: opens, finds and lists tables, gives them codes, remembers who holds which seat by
/// their reconnect tokens, takes over the tables of a cluster's lost nodes, and closes every table when the server
/// shuts down. The connections themselves are the ``ConnectionRoster``'s.
actor Lobby {
    private var tables: [String: TableSession] = [:]
    /// The remote address of each table's host, and how many tables each address has open.
    private var tableAddresses: [String: String] = [:]
    private var tablesPerAddress: [String: Int] = [:]
    private var tokens: [String: String] = [:]
    /// Codes being claimed in the cluster's directory for tables about to open.
    private var claiming: Set<String> = []
    private var generator: SplitMix64
    private var isShuttingDown = false
    private let environment: ServerEnvironment
    private var configuration: SnapServerConfiguration { environment.configuration }
    private var metrics: ServerMetrics { environment.metrics }
    private var logger: Logger { environment.logger }
    /// Told whenever the list of open tables changes.
    nonisolated let listingChanges = ListingChanges()
    /// What every table tells the lobby (made on first use: it refers to the lobby).
    private var tableHooks: TableHooks?

    init(environment: ServerEnvironment) {
        self.environment = environment
        generator = SplitMix64(seed: environment.configuration.seed ?? UInt64.random(in: 0...UInt64.max))
    }

    // MARK: - Tables

    /// Opens a table with a fresh code for a player at `address`, on `loop` (their socket's); in a cluster, the
    /// code is claimed in the directory first, so that no other node has it.
    func openTable(solo: Bool, for address: String, on loop: any EventLoop) async throws(WireErrorCode) -> TableSession {
        guard !isShuttingDown, tables.count + claiming.count < configuration.maximumTables else { throw .tooManyTables }
        guard tablesPerAddress[address, default: 0] < configuration.maximumTablesPerAddress else {
            throw .tooManyTablesFromAddress
        }
        // The address's count goes up before the claim (which waits for the database), so that requests from one
        // address arriving meanwhile cannot together pass its cap; it goes down again if no table opens.
        tablesPerAddress[address, default: 0] += 1
        let code: String
        let fence: Int64?
        do throws(WireErrorCode) {
            (code, fence) = try await freshCode()
        } catch {
            releaseTableSlot(of: address)
            throw error
        }
        guard !isShuttingDown else {
            releaseTableSlot(of: address)
            environment.cluster?.publisher.closed(code)
            throw .tooManyTables
        }
        let table = TableSession(
            code: code, solo: solo, seed: generator.next(), environment: environment, loop: loop, fence: fence,
            hooks: hooks())
        tables[code] = table
        environment.cluster?.publisher.opened(table)
        tableAddresses[code] = address
        metrics.tables.record(tables.count)
        logger.info("table opened", metadata: ["table": "\(code)", "solo": "\(solo)"])
        return table
    }

    /// What every table tells the lobby — a token retired, its listing changed, it closed — made once, shared.
    private func hooks() -> TableHooks {
        if let tableHooks { return tableHooks }
        let cluster = environment.cluster
        let hooks = TableHooks(
            tokenRetired: { [weak self] token in Task { await self?.forget(token: token) } },
            listingChanged: { [listingChanges] code in
                listingChanges.signal()
                cluster?.publisher.changed(code)
            },
            closed: { [weak self] code, tokens in Task { await self?.remove(code, tokens: tokens) } })
        tableHooks = hooks
        return hooks
    }

    /// Takes over the table `code`, whose node's lease ran out, and rebuilds it from its journal; its players
    /// come back with their tokens. Returns whether this node has it now (false: another node was faster, the
    /// table is gone, or the database failed — logged).
    @discardableResult
    func takeOver(code: String) async -> Bool {
        guard let cluster = environment.cluster, !isShuttingDown, tables[code] == nil else { return false }
        let fence: Int64
        let entries: [JournalEntry]
        do throws(StoreError) {
            fence = try await cluster.cluster.takeOver(code: code)
            entries = try await cluster.cluster.journal(code: code)
        } catch .notOrphaned, .noSuchTable {
            return false
        } catch {
            logger.warning("could not take a table over", metadata: ["table": "\(code)", "error": "\(error)"])
            return false
        }
        let table: TableSession
        do throws(TableRebuildError) {
            table = try TableSession.rebuilt(
                code: code, entries: entries, fence: fence, cluster: cluster.cluster, environment: environment,
                hooks: hooks())
        } catch {
            // Its players cannot be given their seats back: the table goes, and their tokens with it.
            logger.error("a table taken over could not be rebuilt; removing it", metadata: ["table": "\(code)", "error": "\(error)"])
            try? await cluster.cluster.remove(code: code)
            return false
        }
        // The table and its tokens together, with no wait between: a returning player must find both or neither.
        let tableTokens = await table.tokens
        tables[code] = table
        for token in tableTokens { tokens[token] = code }
        cluster.publisher.opened(table)
        metrics.tables.record(tables.count)
        metrics.counter("snap_tables_taken_over_total").increment()
        await table.resumeAfterTakeover()
        return true
    }

    /// A code no table of this server has; in a cluster, one claimed for this node (drawn again while another
    /// node's table has it), with the fence its journal is written under.
    private func freshCode() async throws(WireErrorCode) -> (String, fence: Int64?) {
        for _ in 0..<Self.codeDraws {
            var code = TableCode.random(using: &generator)
            while tables[code] != nil || claiming.contains(code) { code = TableCode.random(using: &generator) }
            guard let cluster = environment.cluster?.cluster else { return (code, nil) }
            claiming.insert(code)
            defer { claiming.remove(code) }
            do throws(StoreError) {
                return (code, try await cluster.claim(code: code))
            } catch .codeTaken {
                continue
            } catch {
                logger.warning("could not claim a table code in the cluster", metadata: ["error": "\(error)"])
                throw .tooManyTables
            }
        }
        logger.warning("every table code drawn was taken in the cluster", metadata: ["draws": "\(Self.codeDraws)"])
        throw .tooManyTables
    }

    /// Counts one table of `address` out.
    private func releaseTableSlot(of address: String) {
        let left = tablesPerAddress[address, default: 1] - 1
        tablesPerAddress[address] = left > 0 ? left : nil
    }

    /// How many codes a new table may draw before giving up, in a cluster whose codes are nearly all taken.
    private static let codeDraws = 20

    /// The table with this code, if it is open.
    func table(code: String) -> TableSession? {
        tables[code]
    }

    /// The tables listed for people to join (single-player and private tables are not), by code.
    /// In a cluster, the other nodes' tables too, as the directory last told (this node's own figures are its
    /// tables' own, never the directory's).
    func openTables() -> [TableSummary] {
        let own = tables.values.filter(\.isListed).map(\.summary).filter { $0.players > 0 }
        let others = environment.cluster?.listings.otherNodesTables(besides: Set(tables.keys)) ?? []
        return (own + others).sorted { $0.code < $1.code }
    }

    /// Whether a table with this code is open here, or listed by another node of the cluster (its join link
    /// here sends a player there).
    func lists(code: String) -> Bool {
        tables[code] != nil || openTables().contains { $0.code == code }
    }

    /// The number of open tables.
    var tableCount: Int { tables.count }

    /// The open tables, and the seats free at those whose round is not under way (the seats someone arriving now
    /// could take): what the LAN announcement tells the network.
    func openTableCounts() -> (tables: Int, freeSeats: Int) {
        let open = openTables()
        return (open.count, open.filter { !$0.roundUnderWay }.reduce(0) { $0 + Int($1.seatsFree) })
    }

    /// Forgets the closed table `code` and the reconnect `tokens` its people still held (each token that left
    /// before was forgotten then): a look at each, not at every token of the server, which thousands of tables
    /// closing at once made quadratic.
    private func remove(_ code: String, tokens tableTokens: [String]) {
        let handedOver = tables[code]?.wasHandedOver ?? false
        if let table = tables[code], !table.isSolo { listingChanges.signal() }
        tables[code] = nil
        if let address = tableAddresses.removeValue(forKey: code) { releaseTableSlot(of: address) }
        for token in tableTokens where tokens[token] == code { tokens[token] = nil }
        metrics.tables.record(tables.count)
        // A table handed over stays in the directory: it is its new owner's.
        if handedOver {
            environment.cluster?.publisher.forget(code)
        } else {
            environment.cluster?.publisher.closed(code)
        }
    }

    /// Lets go of every table: the node lost its lease in the cluster, and its tables are another node's now (or
    /// will be). Their players' clients reconnect and are sent to each table's new node.
    func handOverAllTables() async {
        for table in tables.values { await table.lostToAnotherNode() }
    }

    // MARK: - Reconnecting

    /// Forgets a token whose holder left their table for good.
    func forget(token: String) {
        tokens[token] = nil
        environment.cluster?.forget(token: token)
    }

    /// Notes that the holder of `token` sits at table `code`.
    func remember(token: String, at code: String) {
        tokens[token] = code
        environment.cluster?.remember(token: token, at: code)
    }

    /// Puts a dropped player back in their seat; nil when no table keeps a seat for that token.
    func reconnect(token: String, outbox: Outbox) async -> (TableSession, PlayerInfo)? {
        guard let code = tokens[token], let table = tables[code],
            let info = await table.reconnect(token: token, outbox: outbox)
        else { return nil }
        return (table, info)
    }

    // MARK: - Shutting down

    /// Opens no more tables, and tells everyone at a table that the server is going away, and why.
    func shutDown(reason: String) async {
        isShuttingDown = true
        for table in tables.values { await table.shutDown(reason: reason) }
    }
}
