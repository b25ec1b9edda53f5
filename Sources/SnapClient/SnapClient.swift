import HummingbirdWSClient
import Logging
import NIOCore
import SnapCore
import SnapProtocol

/// A Swift client for a Snap! server: connects over WebSocket, signs in, keeps a mirror of the table from the
/// server's events, reconnects with its token after a drop, resyncs when it misses a packet, and reports
/// everything on ``updates``.
///
/// ```swift
/// let client = try await SnapClient.connect(to: "ws://127.0.0.1:8080/ws", name: "Ann")
/// await client.hostTable()
/// for await update in client.updates { … }
/// ```
public actor SnapClient {
    /// Why connecting failed.
    public enum ConnectError: Error, CustomStringConvertible {
        /// The server could not be reached or did not speak WebSocket at that address.
        case unreachable(String)
        /// The server refused to sign us in.
        case refused(code: UInt16, message: String)
        /// The connection closed before the server answered.
        case closed

        public var description: String {
            switch self {
            case .unreachable(let why): "could not reach the server: \(why)"
            case .refused(_, let message): message
            case .closed: "the server closed the connection before signing us in"
            }
        }
    }

    /// The most redirects in a row the client follows (see ``ClientUpdate/redirected(code:url:)``) before it gives
    /// up with a ``Refusal``: servers that keep sending it on disagree about where the table is.
    public static let maximumRedirects = ClientSession.maximumRedirects

    /// Everything the client learns, in order.
    public nonisolated let updates: AsyncStream<ClientUpdate>
    private let continuation: AsyncStream<ClientUpdate>.Continuation

    /// What the client knows and decides about each packet; this actor carries its actions out.
    private var session: ClientSession

    /// The table as this player sees it, once seated.
    public var view: PlayerView? { session.view }
    /// This player's id, once signed in.
    public var id: PlayerID? { session.id }
    /// The code of the table this player sits at or watches.
    public var tableCode: String? { session.tableCode }
    /// Whether this client watches its table rather than sitting at it.
    public var isWatching: Bool { session.isWatching }
    /// How many people watch the table (as the server last said).
    public var watcherCount: Int { session.watcherCount }
    /// Packets received, and resyncs asked for (for tests and diagnostics).
    public private(set) var packetsReceived = 0
    /// The WebSocket messages they came in (from protocol version 10 on, a message may hold several).
    public private(set) var messagesReceived = 0
    /// Bytes of the packets received so far (WebSocket framing not counted).
    public private(set) var bytesReceived = 0
    /// How many times a gap in packet numbers made the client ask for a resync.
    public var resyncs: Int { session.resyncs }
    /// Packets sent so far.
    public private(set) var packetsSent = 0
    /// Bytes of the packets sent so far (WebSocket framing not counted).
    public private(set) var bytesSent = 0
    /// Packets from the server that could not be decoded, or did not fit the table as this client knows it.
    public var protocolErrors: Int { session.protocolErrors }

    /// The server's address: where the client connected first, then the node a Redirect sent it to.
    private var url: String
    /// Where the client connected first, then its fallbacks: in a cluster, the servers to ask where a table is
    /// now, in turn, when the node it was on cannot be reached.
    private let entryURLs: [String]
    /// Which of ``entryURLs`` the client turns to next (or last turned to) after a drop.
    private var entryIndex = 0
    private let logger: Logger

    /// The secret token that gets this player back into their seat after a drop (the Welcome's), once signed in.
    /// Whoever keeps it can take the seat back with ``resume(to:name:token:table:reconnectWindow:logger:)`` from
    /// another process while the server keeps the seat (30 s by default).
    public var reconnectToken: String? { session.token }
    /// The open connection's sending side (nil between connections); internal for the tests' raw frames.
    var outbound: WebSocketOutboundWriter?
    private var signInWaiter: CheckedContinuation<Void, any Error>?
    private var isClosing = false
    private var connectionTask: Task<Void, Never>?
    /// Set when the server welcomes us, so that the reconnect loop starts counting afresh after each drop.
    private var welcomed = false
    /// How long to keep trying to get back in after a drop.
    private let reconnectWindow: Duration
    /// Recorded bytes of every packet received, when recording (for tests that inspect the wire).
    private var recording: [[UInt8]]?
    private let onPacket: (@Sendable (Packet) -> Void)?
    private let answerPing: (@Sendable (UInt64) async -> UInt64?)?
    /// When this client applied the latest turned card (or the end of the deal): what a call's reaction time
    /// is measured from when the caller does not measure it itself.
    private var cardShownAt: ContinuousClock.Instant?
    private var tablesWaiters: [CheckedContinuation<[TableSummary], Never>] = []
    private var seatWaiter: CheckedContinuation<Seat, any Error>?
    private var watchWaiter: CheckedContinuation<Void, any Error>?
    /// Whether the connection is closing to follow a Redirect: the next one opens at once, at the new address.
    private var followingRedirect = false

    /// Why the server would not seat us.
    public struct Refusal: Error, CustomStringConvertible {
        /// The refusal's code (see docs/PROTOCOL.md).
        public var code: UInt16
        /// What the server said.
        public var message: String
        public var description: String { message }
    }

    private init(
        url: String, fallbacks: [String], session: ClientSession, reconnectWindow: Duration, record: Bool,
        onPacket: (@Sendable (Packet) -> Void)?, answerPing: (@Sendable (UInt64) async -> UInt64?)?, logger: Logger
    ) {
        self.url = url
        entryURLs = [url] + fallbacks.filter { $0 != url }
        self.onPacket = onPacket
        self.answerPing = answerPing
        self.session = session
        self.logger = logger
        self.reconnectWindow = reconnectWindow
        recording = record ? [] : nil
        (updates, continuation) = AsyncStream.makeStream(of: ClientUpdate.self)
    }

    /// Connects to the server at `url` (e.g. `ws://127.0.0.1:8080/ws`) and signs in as `name`.
    ///
    /// - Parameters:
    ///   - fallbacks: other servers of the same cluster (e.g. `ws://10.0.0.8:8080/ws`) to ask after a drop when
    ///     neither the node the client was on nor `url` can be reached: tried in turn, round robin, for the rest
    ///     of the reconnect window. The first sign-in is at `url` only.
    ///   - reconnectWindow: how long to keep trying to get back after a drop.
    ///   - recordBytes: keep every received packet's bytes (see ``receivedBytes``).
    ///   - onPacket: told of every packet the moment it is decoded, before the client acts on it (the load
    ///     generator stamps arrival times with it).
    ///   - protocolVersion: the version to speak: 2 (the default) says Hello and calls with reaction times; 1
    ///     behaves as an old client that does neither.
    ///   - answerPing: what to answer each Ping with (nil: do not answer); it may wait first. By default the
    ///     client answers at once with the ping's value, as the server expects. Only tests and the fairness
    ///     benchmark's cheating clients change it.
    public static func connect(
        to url: String,
        name: String,
        fallbacks: [String] = [],
        reconnectWindow: Duration = .seconds(30),
        recordBytes: Bool = false,
        onPacket: (@Sendable (Packet) -> Void)? = nil,
        protocolVersion: UInt8 = Wire.version,
        answerPing: (@Sendable (UInt64) async -> UInt64?)? = nil,
        logger: Logger = Logger(label: "snap.client")
    ) async throws -> SnapClient {
        let client = SnapClient(
            url: url, fallbacks: fallbacks, session: ClientSession(name: name, protocolVersion: protocolVersion),
            reconnectWindow: reconnectWindow, record: recordBytes, onPacket: onPacket, answerPing: answerPing,
            logger: logger)
        try await client.start()
        return client
    }

    /// Takes a kept seat back from a new process: connects to the server at `url` and sends Reconnect with `token`
    /// (a ``reconnectToken`` kept from an earlier client) instead of signing in, as the client itself does after a
    /// drop. On success the updates start with ``ClientUpdate/reconnected``, then the table's ``ClientUpdate/joined(code:seat:)``
    /// and ``ClientUpdate/snapshot(_:)``; `name` is what a later Redirect signs in with.
    ///
    /// - Throws: ``ConnectError/refused(code:message:)`` with code 109 (`unknownToken`) when the server no longer
    ///   keeps that seat, or ``ConnectError/unreachable(_:)``.
    public static func resume(
        to url: String,
        name: String,
        token: String,
        table code: String,
        reconnectWindow: Duration = .seconds(30),
        logger: Logger = Logger(label: "snap.client")
    ) async throws -> SnapClient {
        let client = SnapClient(
            url: url, fallbacks: [], session: ClientSession(name: name, token: token, table: code),
            reconnectWindow: reconnectWindow, record: false, onPacket: nil, answerPing: nil, logger: logger)
        try await client.start()
        return client
    }

    private func start() async throws {
        try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
            signInWaiter = waiter
            connectionTask = Task { await self.runConnections() }
        }
    }

    // MARK: - Requests

    /// Sends a packet as it is.
    public func send(_ packet: Packet) async {
        guard let outbound else { return }
        session.sending(packet)
        let bytes = Frame(number: nil, packet: packet).encoded()
        packetsSent += 1
        bytesSent += bytes.count
        try? await outbound.write(.binary(ByteBuffer(bytes: bytes)))
    }

    /// Asks for the open tables; they arrive as ``ClientUpdate/tables(_:)``.
    public func listTables() async { await send(.listTables) }

    /// The open tables on the server (none when the connection is gone).
    public func openTables() async -> [TableSummary] {
        guard outbound != nil else { return [] }
        return await withCheckedContinuation { waiter in
            tablesWaiters.append(waiter)
            Task { await self.listTables() }
        }
    }

    /// Sits down at a table: joins the one with `code`, or hosts a new one when `code` is nil.
    ///
    /// - Returns: the seat taken.
    /// - Throws: ``Refusal`` with the server's reason (unknown code, table full, round under way, …);
    ///   `CancellationError` when the task waiting is cancelled first.
    public func sitDown(at code: String?, solo: Bool = false) async throws -> Seat {
        guard outbound != nil else { throw ConnectError.closed }
        guard seatWaiter == nil else { throw Refusal(code: WireErrorCode.unexpectedPacket.rawValue, message: "Already sitting down.") }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiter in
                seatWaiter = waiter
                Task { await self.send(code.map { .joinTable(code: $0) } ?? .hostTable(solo: solo)) }
            }
        } onCancel: {
            Task { await self.stopWaiting() }
        }
    }
    /// Watches the table with `code` without sitting at it: a snapshot with no viewer arrives, then its events.
    ///
    /// - Throws: ``Refusal`` with the server's reason (unknown code, too many watchers, …); `CancellationError`
    ///   when the task waiting is cancelled first.
    public func watch(code: String) async throws {
        guard outbound != nil else { throw ConnectError.closed }
        guard watchWaiter == nil, seatWaiter == nil else {
            throw Refusal(code: WireErrorCode.unexpectedPacket.rawValue, message: "Already sitting down.")
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                watchWaiter = waiter
                Task { await self.send(.watchTable(code: code)) }
            }
        } onCancel: {
            Task { await self.stopWaiting() }
        }
    }

    /// The task waiting for a seat or a table to watch was cancelled (a time limit, an app giving up): it stops
    /// waiting. The server's answer, if it comes, is then only an update.
    private func stopWaiting() {
        seatWaiter?.resume(throwing: CancellationError())
        seatWaiter = nil
        watchWaiter?.resume(throwing: CancellationError())
        watchWaiter = nil
    }

    /// Opens a table (with three computer players when `solo`).
    public func hostTable(solo: Bool = false) async { await send(.hostTable(solo: solo)) }
    /// Joins the table with this code.
    public func joinTable(code: String) async { await send(.joinTable(code: code)) }
    /// As host, seats a computer player in the next free seat.
    public func addComputer() async { await send(.addComputer) }
    /// As host, starts the round: dealt from `deal` when given (the same shuffle as every round with that code),
    /// else from a new code. The round's code is the view's ``PlayerView/deal`` once the round is over.
    public func startRound(deal: DealCode? = nil) async {
        await send(deal.map(Packet.startRoundWithDeal) ?? .startRound)
    }
    /// (Host, between rounds) changes how rounds end and the turn timer.
    public func changeSettings(_ settings: TableSettings) async {
        await send(.changeSettings(roundSeconds: settings.roundSeconds, turnSeconds: settings.turnSeconds))
    }
    /// (Host, between rounds) gives the player in `seat` a head start (one of ``TableSettings/headStartChoices``).
    public func setHeadStart(_ headStart: Duration, for seat: Seat) async {
        await send(.setHeadStart(seat: seat, milliseconds: UInt16(clamping: headStart.milliseconds)))
    }
    /// (Host, at any time) removes the player in `seat`, as if they had left; they are told with Error 117.
    public func removePlayer(at seat: Seat) async {
        await send(.removePlayer(seat: seat))
    }
    /// (Host, at any time) locks the table or not (nobody new may join), and makes it private or not (in no list).
    public func setTableAccess(isLocked: Bool, isPrivate: Bool) async {
        await send(.setTableAccess(flags: TableSettings(isLocked: isLocked, isPrivate: isPrivate).accessFlags))
    }
    /// Asks how the network of the player in `seat` looks to the judge; the answer comes as
    /// ``ClientUpdate/networkTime(_:)`` (a player or a watcher may ask; an empty seat is refused).
    public func askNetworkTime(of seat: Seat) async { await send(.networkTimeRequest(seat: seat)) }
    /// Turns this player's top card.
    public func turnCard() async { await send(.clientTurnedCard) }
    /// Calls "Snap!", saying how long the player took from seeing the latest turned card to the press.
    ///
    /// - Parameter reaction: the reaction time as the caller measured it (a terminal measures from when it drew
    ///   the card); nil measures it here, from when this client applied the card.
    public func callSnap(reaction: Duration? = nil) async {
        guard session.protocolVersion >= 2 else { return await send(.playerShouldSnap(id: id ?? PlayerID(""))) }
        let measured = reaction ?? cardShownAt.map { ContinuousClock.now - $0 } ?? .seconds(60)
        await send(.callSnap(reaction: Wire.microseconds(measured)))
    }
    /// Leaves the table, or stops watching it (the connection stays open).
    public func leaveTable() async {
        await send(.clientQuit)
        session.leftTable()
    }

    /// Closes the connection for good, once everything sent before has gone: a ClientQuit sent just before reaches the
    /// server as a leave, not as a dropped connection.
    public func disconnect() async {
        isClosing = true
        try? await outbound?.close(.normalClosure, reason: "bye")
        // Cancelling the connection cuts the socket, and with it any frame still waiting to be written (a busy machine
        // has some): wait for the close handshake to end it first, but never long for a server that does not answer.
        if let connection = connectionTask {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await connection.value }
                group.addTask { try? await Task.sleep(for: Self.closeHandshakePatience) }
                await group.next()
                group.cancelAll()
            }
        }
        connectionTask?.cancel()
    }

    /// How long ``disconnect()`` waits for the server to answer its close.
    static let closeHandshakePatience: Duration = .seconds(2)

    /// Drops the connection without saying goodbye, as a lost network would; the client then reconnects.
    public func dropConnection() async {
        try? await outbound?.close(.goingAway, reason: "dropped")
    }

    /// Every packet received so far, as bytes, when connected with `recordBytes`.
    public var receivedBytes: [[UInt8]] { recording ?? [] }

    // MARK: - Connection

    private func runConnections() async {
        var attempt = 0
        let clock = ContinuousClock()
        var dropped: ContinuousClock.Instant?
        while !Task.isCancelled {
            do {
                welcomed = false
                let close = try await WebSocketClient.connect(
                    url: url,
                    // Pings notice a silent network loss, so that the client reconnects instead of waiting forever.
                    configuration: .init(maxFrameSize: Wire.maximumPacketSize, autoPing: .enabled(timePeriod: .seconds(10))),
                    logger: logger
                ) { inbound, outbound, _ in
                    await self.opened(outbound)
                    for try await message in inbound.messages(maxSize: Wire.maximumPacketSize) {
                        guard case .binary(let buffer) = message else { continue }
                        await self.receive(Array(buffer.readableBytesView))
                    }
                }
                if let close {
                    for action in session.closedByServer(code: UInt16(webSocketErrorCode: close.closeCode), reason: close.reason) {
                        await run(action)
                    }
                }
            } catch {
                if let waiter = signInWaiter {
                    signInWaiter = nil
                    waiter.resume(throwing: ConnectError.unreachable("\(error)"))
                    continuation.finish()
                    return
                }
                if session.couldNotConnect() {
                    // The node a Redirect named cannot be reached: whoever waits for a table hears why.
                    failWaiters(with: ConnectError.unreachable("\(error)"))
                }
                turnToNextEntry()
            }
            outbound = nil
            // A Reconnect sent while resuming may be redirected before any Welcome: the sign-in goes on at the new node.
            if let waiter = signInWaiter, !followingRedirect {
                signInWaiter = nil
                session.stopSigningIn()
                waiter.resume(throwing: ConnectError.closed)
            }
            if followingRedirect, !isClosing {
                followingRedirect = false
                continue
            }
            failWaiters()
            if welcomed {
                dropped = nil
                attempt = 0
            }
            guard !isClosing, session.mayReconnect else { break }
            // Dropped while at a table: try to get back in, for as long as the server keeps the seat.
            dropped = dropped ?? clock.now
            guard clock.now - dropped! < reconnectWindow else { break }
            attempt += 1
            continuation.yield(.reconnecting(attempt: attempt))
            try? await Task.sleep(for: .milliseconds(min(2_000, 100 * attempt)))
        }
        continuation.yield(.closed)
        continuation.finish()
    }

    /// After `url` could not be reached: a node a Redirect took us to is gone, so the next try asks the first server
    /// where the table is now; when that one (or a fallback) cannot be reached either, the next try is at the next
    /// fallback, round robin. Redirects to a node that is down are the reconnect window's business, not a loop.
    private func turnToNextEntry() {
        if url == entryURLs[entryIndex] {
            entryIndex = (entryIndex + 1) % entryURLs.count
        } else {
            entryIndex = 0
        }
        guard url != entryURLs[entryIndex] else { return }
        url = entryURLs[entryIndex]
        session.turnedToAnotherServer()
    }

    /// Nobody waits for an answer from a connection that is gone.
    private func failWaiters(with error: any Error = ConnectError.closed) {
        for waiter in tablesWaiters { waiter.resume(returning: []) }
        tablesWaiters = []
        seatWaiter?.resume(throwing: error)
        seatWaiter = nil
        watchWaiter?.resume(throwing: error)
        watchWaiter = nil
    }

    private func opened(_ outbound: WebSocketOutboundWriter) {
        self.outbound = outbound
        session.connected()
    }

    /// Handles one received message's bytes: a packet, or from version 10 on several.
    func receive(_ bytes: [UInt8]) async {
        messagesReceived += 1
        bytesReceived += bytes.count
        recording?.append(bytes)
        let frames: [Frame]
        do {
            frames = try session.decode(bytes)
        } catch {
            packetsReceived += 1
            logger.warning("undecodable packet from the server: \(error)")
            return
        }
        for frame in frames {
            packetsReceived += 1
            onPacket?(frame.packet)
            for action in session.receive(frame) { await run(action) }
        }
    }

    /// Carries out one of the session's actions.
    private func run(_ action: ClientSession.Action) async {
        switch action {
        case .send(let packet):
            await send(packet)
        case .emit(let update):
            switch update {
            case .tables(let tables):
                for waiter in tablesWaiters { waiter.resume(returning: tables) }
                tablesWaiters = []
            case .joined(_, let seat):
                seatWaiter?.resume(returning: seat)
                seatWaiter = nil
            case .watching:
                watchWaiter?.resume()
                watchWaiter = nil
            default: break
            }
            continuation.yield(update)
        case .answerPing(let value):
            guard let answerPing else { return await send(.pong(value)) }
            // A test's or a benchmark's answer may take its time; the client goes on meanwhile.
            Task {
                guard let answer = await answerPing(value) else { return }
                await self.send(.pong(answer))
            }
        case .signedIn:
            welcomed = true
            signInWaiter?.resume()
            signInWaiter = nil
        case .signInRefused(let code, let message):
            signInWaiter?.resume(throwing: ConnectError.refused(code: code, message: message))
            signInWaiter = nil
        case .failWaiters(let code, let message, let tableList):
            let refusal = Refusal(code: code, message: message)
            if tableList { return failWaiters(with: refusal) }
            seatWaiter?.resume(throwing: refusal)
            seatWaiter = nil
            watchWaiter?.resume(throwing: refusal)
            watchWaiter = nil
        case .startReactionClock:
            cardShownAt = .now
        case .closeConnection(let reason, let forGood):
            if forGood { isClosing = true }
            try? await outbound?.close(.normalClosure, reason: reason)
        case .followRedirect(let url):
            // The connection loop opens the next connection at once, at the new address.
            self.url = url
            followingRedirect = true
            try? await outbound?.close(.normalClosure, reason: "redirected")
        }
    }
}
