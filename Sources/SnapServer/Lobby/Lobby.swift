import Logging
import NIOCore
import NIOWebSocket
import SnapCore
import SnapProtocol
import SnapStore

/// Every table on the server and every connection: opens and finds tables, lists the open ones, and tells
/// everyone when the server shuts down.
actor Lobby {
    private var tables: [String: TableSession] = [:]
    private var connections: [ObjectIdentifier: Outbox] = [:]
    /// The same connections in the slices the ping loop takes in turn.
    private var pingSlices = Array(repeating: [ObjectIdentifier: Outbox](), count: Lobby.pingSliceCount)
    private static let pingSliceCount = 100
    /// Game connections by remote address.
    private var connectionsPerAddress: [String: Int] = [:]
    /// Connections that have not signed in yet, with when they opened.
    private var awaitingSignIn: [ObjectIdentifier: (outbox: Outbox, openedAt: Duration)] = [:]
    /// The remote address of each table's host, and how many tables each address has open.
    private var tableAddresses: [String: String] = [:]
    private var tablesPerAddress: [String: Int] = [:]
    private var tokens: [String: String] = [:]
    /// Codes being claimed in the cluster's directory for tables about to open.
    private var claiming: Set<String> = []
    private var generator: SplitMix64
    private var isShuttingDown = false
    private var playersSignedIn: UInt64 = 0
    private let environment: ServerEnvironment
    private var configuration: SnapServerConfiguration { environment.configuration }
    private var metrics: ServerMetrics { environment.metrics }
    private var logger: Logger { environment.logger }
    /// Told whenever the list of open tables changes.
    nonisolated let listingChanges = ListingChanges()

    init(environment: ServerEnvironment) {
        self.environment = environment
        generator = SplitMix64(seed: environment.configuration.seed ?? UInt64.random(in: 0...UInt64.max))
    }

    // MARK: - Connections

    /// Counts a new connection from `address` in and asks it to sign in; the refusal when the server is full or
    /// shutting down, or the address holds as many connections as one may.
    func register(_ outbox: Outbox, from address: String) -> WireErrorCode? {
        guard !isShuttingDown, connections.count < configuration.maximumConnections else { return .serverFull }
        guard connectionsPerAddress[address, default: 0] < configuration.maximumConnectionsPerAddress else {
            return .tooManyConnectionsFromAddress
        }
        connectionsPerAddress[address, default: 0] += 1
        connections[ObjectIdentifier(outbox)] = outbox
        // The sign-in request is the first word a connection hears: it goes out before the connection joins the
        // ping rotation, which could otherwise ping it first (a CI run's client waited for a sign-in request that
        // came second).
        outbox.send(.signInRequest)
        pingSlices[Self.pingSlice(of: outbox)][ObjectIdentifier(outbox)] = outbox
        awaitingSignIn[ObjectIdentifier(outbox)] = (outbox, environment.clock.now)
        metrics.connections.record(connections.count)
        return nil
    }

    /// The number of game connections open.
    var connectionCount: Int { connections.count }

    /// Notes that a connection has signed in (or reconnected): it no longer has a deadline to do so.
    func signedIn(_ outbox: Outbox) {
        awaitingSignIn[ObjectIdentifier(outbox)] = nil
    }

    /// A new player's id: the count of sign-ins so far in base 62, so as short as it can be ("1", "2", … "10"
    /// after the 62nd), because every turn sends the next player's id to every seat. Ids are public and not
    /// secret — the token is — and never contain the "-" that computer players' ids have.
    func newPlayerID() -> PlayerID {
        playersSignedIn += 1
        return PlayerID(Self.base62(playersSignedIn))
    }

    static func base62(_ number: UInt64) -> String {
        let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var number = number
        var text = ""
        repeat {
            text.insert(digits[Int(number % 62)], at: text.startIndex)
            number /= 62
        } while number > 0
        return text
    }

    /// Counts a connection from `address` out.
    func unregister(_ outbox: Outbox, from address: String) {
        guard connections.removeValue(forKey: ObjectIdentifier(outbox)) != nil else { return }
        let left = connectionsPerAddress[address, default: 1] - 1
        connectionsPerAddress[address] = left > 0 ? left : nil
        awaitingSignIn[ObjectIdentifier(outbox)] = nil
        pingSlices[Self.pingSlice(of: outbox)][ObjectIdentifier(outbox)] = nil
        metrics.connections.record(connections.count)
    }

    /// Pings every connection once per ping interval until cancelled, a hundredth of them at a time so that a full
    /// server's pings are spread out rather than all sent at once; closes those silent for too long.
    ///
    /// One loop for the whole server rather than a task per connection: a task costs a few kilobytes of memory
    /// on each of thousands of connections (docs/PERFORMANCE.md).
    func keepPinging() async {
        var slice = 0
        let clock = environment.clock
        while !Task.isCancelled {
            try? await clock.sleep(for: configuration.pingInterval / Self.pingSliceCount)
            guard !Task.isCancelled else { return }
            let now = clock.now
            for outbox in pingSlices[slice].values {
                if outbox.network.silence(at: now) > configuration.silenceLimit {
                    // Gone without a word (a phone out of range, a cable pulled): close it so that the table
                    // knows the player dropped and keeps their seat for the grace period.
                    outbox.abandon(.goingAway, reason: "no answer to pings")
                } else if !outbox.network.awaitsPong(at: now, sentWithin: configuration.pingInterval) {
                    // Not over a ping still on its way (the warm-up's): its answer would no longer count.
                    outbox.send(.ping(outbox.network.ping(at: now)))
                }
            }
            if slice == 0 { closeThoseNotSignedIn(at: now) }
            slice = (slice + 1) % Self.pingSliceCount
        }
    }

    /// Closes the connections that have not signed in within the time allowed: a socket that never says who it
    /// is holds a descriptor and memory for nothing.
    private func closeThoseNotSignedIn(at now: Duration) {
        for (id, waiting) in awaitingSignIn where now - waiting.openedAt > configuration.signInTimeout {
            awaitingSignIn[id] = nil
            metrics.error(code: WireErrorCode.signInTimedOut.rawValue)
            waiting.outbox.send(.error(code: WireErrorCode.signInTimedOut.rawValue, message: WireErrorCode.signInTimedOut.message))
            waiting.outbox.close(.policyViolation, reason: "no sign-in in time")
        }
    }

    private static func pingSlice(of outbox: Outbox) -> Int {
        Int(UInt(bitPattern: ObjectIdentifier(outbox).hashValue) % UInt(pingSliceCount))
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
        let callbacks = callbacks(for: code)
        let table = TableSession(
            code: code, solo: solo, seed: generator.next(), environment: environment, loop: loop, fence: fence,
            onTokenRetired: callbacks.tokenRetired, onListingChange: callbacks.listingChange, onClose: callbacks.close)
        tables[code] = table
        environment.cluster?.publisher.opened(table)
        tableAddresses[code] = address
        metrics.tables.record(tables.count)
        logger.info("table opened", metadata: ["table": "\(code)", "solo": "\(solo)"])
        return table
    }

    /// What a table tells the lobby: a token retired, its listing changed, it closed.
    private func callbacks(for code: String) -> (
        tokenRetired: @Sendable (String) -> Void, listingChange: @Sendable () -> Void, close: @Sendable (String) -> Void
    ) {
        let cluster = environment.cluster
        return (
            { [weak self] token in Task { await self?.forget(token: token) } },
            { [listingChanges] in
                listingChanges.signal()
                cluster?.publisher.changed(code)
            },
            { [weak self] code in Task { await self?.remove(code) } }
        )
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
        let callbacks = callbacks(for: code)
        let table: TableSession
        do throws(TableRebuildError) {
            table = try TableSession.rebuilt(
                code: code, entries: entries, fence: fence, cluster: cluster.cluster, environment: environment,
                onTokenRetired: callbacks.tokenRetired, onListingChange: callbacks.listingChange,
                onClose: callbacks.close)
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

    /// The tables people can join (single-player tables are private), by code.
    /// In a cluster, the other nodes' tables too, as the directory last told (this node's own figures are its
    /// tables' own, never the directory's).
    func openTables() -> [TableSummary] {
        let own = tables.values.filter { !$0.isSolo }.map(\.summary).filter { $0.players > 0 }
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

    private func remove(_ code: String) {
        let handedOver = tables[code]?.wasHandedOver ?? false
        if let table = tables[code], !table.isSolo { listingChanges.signal() }
        tables[code] = nil
        if let address = tableAddresses.removeValue(forKey: code) { releaseTableSlot(of: address) }
        tokens = tokens.filter { $0.value != code }
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

    /// Tells every connection the server is going away, and closes them.
    func shutDown(reason: String) async {
        isShuttingDown = true
        logger.info("shutting down: telling \(connections.count) connections")
        for table in tables.values { await table.shutDown(reason: reason) }
        for outbox in connections.values {
            outbox.send(.serverQuit(reason: reason))
            outbox.close(.goingAway, reason: reason)
        }
    }
}
