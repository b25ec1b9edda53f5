import HummingbirdWSClient
import Logging
import NIOCore
import SnapCore
import SnapProtocol

/// A Swift client for a Snap! server: connects over WebSocket, signs in, keeps a mirror of the table from the
/// server's events, reconnects with its token after a drop, resyncs when it misses a packet, follows a cluster's
/// redirects, and reports everything on ``updates``.
///
/// ```swift
/// let client = try await SnapClient.connect(to: "192.168.1.20:8080", name: "Ann")
/// let seat = try await client.sitDown(at: nil)  // hosts a new table
/// for await update in client.updates { … }
/// ```
///
/// Requests that wait for the server's answer (``sitDown(at:solo:)``, ``watch(code:)``, ``openTables()``) throw a
/// ``SnapClientError``; the others are sent and answered on ``updates`` (a refusal as ``ClientUpdate/refused(code:message:)``).
public actor SnapClient {
    /// The most redirects in a row the client follows (see ``ClientUpdate/redirected(code:url:)``) before it gives
    /// up with a refusal: servers that keep sending it on disagree about where the table is.
    public static let maximumRedirects = ClientSession.maximumRedirects
    /// How long a request waits for the server's answer unless told otherwise (``Configuration/answerTimeout``).
    public static let defaultAnswerTimeout: Duration = .seconds(20)

    /// Everything the client learns, in order, until ``ClientUpdate/closed``.
    ///
    /// One loop reads it: an `AsyncStream` hands each update to one reader, so two loops over it would each see
    /// some of the updates. Share what one loop learns (``view`` always holds the latest table) rather than
    /// reading it twice.
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
    /// Packets received (for diagnostics).
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
    /// Whoever keeps it can take the seat back with ``resume(to:name:token:table:configuration:)`` from
    /// another process while the server keeps the seat (30 s by default).
    public var reconnectToken: String? { session.token }
    /// The open connection's sending side (nil between connections); internal for the tests' raw frames.
    var outbound: WebSocketOutboundWriter?
    /// Frames to drop as they arrive, before they are handled, as if a network had lost them: internal, for the
    /// tests of a resync (`@testable import`).
    var framesToLose = 0
    /// How long a request waits for the server's answer.
    private let answerTimeout: Duration
    /// Numbers the requests that wait, so that a deadline ends only the wait it was set for.
    private var waitNumber = 0
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
    private var tablesWaiters: [(number: Int, continuation: CheckedContinuation<[TableSummary], any Error>)] = []
    private var seatWaiter: (number: Int, continuation: CheckedContinuation<Seat, any Error>)?
    private var watchWaiter: (number: Int, continuation: CheckedContinuation<Void, any Error>)?
    /// Whether the connection is closing to follow a Redirect: the next one opens at once, at the new address.
    private var followingRedirect = false

    init(url: String, session: ClientSession, configuration: Configuration, instruments: ClientInstruments) {
        self.url = url
        entryURLs = [url] + configuration.fallbacks.filter { $0 != url }
        onPacket = instruments.onPacket
        answerPing = instruments.answerPing
        self.session = session
        logger = configuration.logger
        reconnectWindow = configuration.reconnectWindow
        answerTimeout = configuration.answerTimeout
        recording = instruments.recordBytes ? [] : nil
        (updates, continuation) = AsyncStream.makeStream(of: ClientUpdate.self)
    }

    /// Connects to the Snap! server at `address` and signs in as `name`.
    ///
    /// ```swift
    /// let client = try await SnapClient.connect(to: "192.168.1.20:8080", name: "Ann")
    /// ```
    ///
    /// - Parameters:
    ///   - address: the server as people type it: `ws://HOST:PORT`, `HOST:PORT`, `HOST`, or the link the server
    ///     prints (``SnapAddress``). A table code in it is not joined: see ``join(_:name:configuration:)``.
    ///   - name: the name to play under (1–20 visible characters; the server checks it).
    ///   - configuration: fallbacks, how long to try to get back after a drop, how long to wait for an answer, and
    ///     where to log.
    /// - Throws: ``SnapClientError/invalidAddress(_:)``, ``SnapClientError/unreachable(_:)``,
    ///   ``SnapClientError/refused(_:)`` (a bad name, a full server, …), ``SnapClientError/connectionClosed`` or
    ///   ``SnapClientError/timedOut``.
    public static func connect(
        to address: String, name: String, configuration: Configuration = Configuration()
    ) async throws(SnapClientError) -> SnapClient {
        try await connect(to: try SnapAddress(address), name: name, configuration: configuration)
    }

    /// Connects to the Snap! server at `address` (one found by ``findServers(lookingFor:)``, say) and signs in as
    /// `name`; it throws as ``connect(to:name:configuration:)-(String,_,_)`` does.
    public static func connect(
        to address: SnapAddress, name: String, configuration: Configuration = Configuration()
    ) async throws(SnapClientError) -> SnapClient {
        try await connect(to: address.webSocketURL, name: name, configuration: configuration, instruments: ClientInstruments())
    }

    /// Connects with `instruments`: what tests and benchmarks watch or change in a client.
    @_spi(Instrumentation)
    public static func connect(
        to url: String, name: String, configuration: Configuration = Configuration(), instruments: ClientInstruments
    ) async throws(SnapClientError) -> SnapClient {
        let client = SnapClient(
            url: url, session: ClientSession(name: name, protocolVersion: instruments.protocolVersion),
            configuration: configuration, instruments: instruments)
        try await client.start()
        return client
    }

    /// Takes a kept seat back from a new process: connects to the server at `url` and sends Reconnect with `token`
    /// (a ``reconnectToken`` kept from an earlier client) instead of signing in, as the client itself does after a
    /// drop. On success the updates start with ``ClientUpdate/reconnected``, then the table's ``ClientUpdate/joined(code:seat:)``
    /// and ``ClientUpdate/snapshot(_:)``; `name` is what a later Redirect signs in with.
    ///
    /// - Throws: ``SnapClientError/refused(_:)`` with code 109 (`WireErrorCode.unknownToken`) when the server no
    ///   longer keeps that seat, or any error of ``connect(to:name:configuration:)-(String,_,_)``.
    public static func resume(
        to address: String, name: String, token: String, table code: String,
        configuration: Configuration = Configuration()
    ) async throws(SnapClientError) -> SnapClient {
        let client = SnapClient(
            url: try SnapAddress(address).webSocketURL, session: ClientSession(name: name, token: token, table: code),
            configuration: configuration, instruments: ClientInstruments())
        try await client.start()
        return client
    }

    /// Opens the first connection and waits for the sign-in (at most ``answerTimeout``).
    private func start() async throws(SnapClientError) {
        waitNumber += 1
        let number = waitNumber
        expire(number, after: answerTimeout)
        try await answer {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                signInWaiter = waiter
                signInNumber = number
                connectionTask = Task { await self.runConnections() }
            }
        }
    }

    /// The number of the wait for the sign-in.
    private var signInNumber = 0

    /// `body`'s result, or its error as a ``SnapClientError`` (a cancelled wait is ``SnapClientError/cancelled``).
    private func answer<Value>(_ body: () async throws -> Value) async throws(SnapClientError) -> Value {
        do {
            return try await body()
        } catch let error as SnapClientError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    /// Ends wait `number` with ``SnapClientError/timedOut`` after `timeout`, if it is still waiting then; a sign-in
    /// that never came also ends the connection.
    private func expire(_ number: Int, after timeout: Duration) {
        Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.timedOut(number)
        }
    }

    private func timedOut(_ number: Int) {
        if let waiter = signInWaiter, signInNumber == number {
            signInWaiter = nil
            waiter.resume(throwing: SnapClientError.timedOut)
            isClosing = true
            connectionTask?.cancel()
        }
        endWait(number, with: .timedOut)
    }

    /// Ends wait `number`, if it is still waiting, with `error`.
    private func endWait(_ number: Int, with error: SnapClientError) {
        if let waiter = seatWaiter, waiter.number == number {
            seatWaiter = nil
            waiter.continuation.resume(throwing: error)
        }
        if let waiter = watchWaiter, waiter.number == number {
            watchWaiter = nil
            waiter.continuation.resume(throwing: error)
        }
        if let index = tablesWaiters.firstIndex(where: { $0.number == number }) {
            tablesWaiters.remove(at: index).continuation.resume(throwing: error)
        }
    }

    /// A new wait's number, with its deadline set.
    private func newWait() -> Int {
        waitNumber += 1
        expire(waitNumber, after: answerTimeout)
        return waitNumber
    }

    // MARK: - Requests

    /// Sends a packet as it is, whether or not it makes sense now (tests of the server's defences, the fairness
    /// benchmark's replayed calls).
    @_spi(Instrumentation)
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

    /// The open tables on the server, as it lists them in its lobby (private and single-player tables are not).
    ///
    /// - Throws: ``SnapClientError/connectionClosed`` when the connection is gone, ``SnapClientError/timedOut``,
    ///   or ``SnapClientError/cancelled``.
    public func openTables() async throws(SnapClientError) -> [TableSummary] {
        guard outbound != nil else { throw .connectionClosed }
        let number = newWait()
        return try await answer {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { waiter in
                    tablesWaiters.append((number, waiter))
                    Task { await self.listTables() }
                }
            } onCancel: {
                Task { await self.stopWaiting(number) }
            }
        }
    }

    /// Sits down at a table: joins the one with `code`, or hosts a new one when `code` is nil (with three computer
    /// players when `solo`).
    ///
    /// - Returns: the seat taken.
    /// - Throws: ``SnapClientError/refused(_:)`` with the server's reason (an unknown code, a full table, a round
    ///   under way, …); ``SnapClientError/alreadyWaiting`` while another seat or table is being asked for;
    ///   ``SnapClientError/connectionClosed``, ``SnapClientError/timedOut`` or ``SnapClientError/cancelled``.
    public func sitDown(at code: String?, solo: Bool = false) async throws(SnapClientError) -> Seat {
        guard outbound != nil else { throw .connectionClosed }
        guard seatWaiter == nil, watchWaiter == nil else { throw .alreadyWaiting }
        let number = newWait()
        return try await answer {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { waiter in
                    seatWaiter = (number, waiter)
                    Task { await self.send(code.map { .joinTable(code: $0) } ?? .hostTable(solo: solo)) }
                }
            } onCancel: {
                Task { await self.stopWaiting(number) }
            }
        }
    }

    /// Watches the table with `code` without sitting at it: a snapshot with no viewer arrives, then its events.
    ///
    /// - Throws: ``SnapClientError/refused(_:)`` with the server's reason (an unknown code, too many watchers, …);
    ///   ``SnapClientError/alreadyWaiting``, ``SnapClientError/connectionClosed``, ``SnapClientError/timedOut``
    ///   or ``SnapClientError/cancelled``.
    public func watch(code: String) async throws(SnapClientError) {
        guard outbound != nil else { throw .connectionClosed }
        guard watchWaiter == nil, seatWaiter == nil else { throw .alreadyWaiting }
        let number = newWait()
        try await answer {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                    watchWaiter = (number, waiter)
                    Task { await self.send(.watchTable(code: code)) }
                }
            } onCancel: {
                Task { await self.stopWaiting(number) }
            }
        }
    }

    /// The task waiting for answer `number` was cancelled (a time limit, an app giving up): it stops waiting. The
    /// server's answer, if it comes, is then only an update.
    private func stopWaiting(_ number: Int) {
        endWait(number, with: .cancelled)
    }

    /// Opens a table (with three computer players when `solo`).
    public func hostTable(solo: Bool = false) async { await send(.hostTable(solo: solo)) }
    /// Joins the table with this code.
    public func joinTable(code: String) async { await send(.joinTable(code: code)) }
    /// As host, seats a computer player in the next free seat.
    public func addComputer() async { await send(.addComputer) }
    /// As host, starts the round: dealt from `deal` when given (the same shuffle as every round with that code),
    /// else from a new code. The round's code is the view's `PlayerView.deal` once the round is over.
    public func startRound(deal: DealCode? = nil) async {
        await send(deal.map(Packet.startRoundWithDeal) ?? .startRound)
    }
    /// (Host, between rounds) changes how rounds end and the turn timer.
    public func changeSettings(_ settings: TableSettings) async {
        await send(.changeSettings(roundSeconds: settings.roundSeconds, turnSeconds: settings.turnSeconds))
    }
    /// (Host, between rounds) gives the player in `seat` a head start (one of `TableSettings.headStartChoices`).
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
    @_spi(Instrumentation)
    public func dropConnection() async {
        try? await outbound?.close(.goingAway, reason: "dropped")
    }

    /// Every message received so far, as bytes, when connected with ``ClientInstruments/recordBytes``.
    @_spi(Instrumentation)
    public var receivedBytes: [[UInt8]] { recording ?? [] }

    // MARK: - Connection

    private func runConnections() async {
        RuntimeWarmUp.ensure()
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
                    waiter.resume(throwing: SnapClientError.classifying(error))
                    continuation.finish()
                    return
                }
                if session.couldNotConnect() {
                    // The node a Redirect named cannot be reached: whoever waits for a table hears why.
                    failWaiters(with: SnapClientError.classifying(error))
                }
                turnToNextEntry()
            }
            outbound = nil
            // A Reconnect sent while resuming may be redirected before any Welcome: the sign-in goes on at the new node.
            if let waiter = signInWaiter, !followingRedirect {
                signInWaiter = nil
                session.stopSigningIn()
                waiter.resume(throwing: SnapClientError.connectionClosed)
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
    private func failWaiters(with error: SnapClientError = .connectionClosed) {
        for waiter in tablesWaiters { waiter.continuation.resume(throwing: error) }
        tablesWaiters = []
        failSeatWaiters(with: error)
    }

    /// Whoever waits for a seat or a table to watch hears `error`.
    private func failSeatWaiters(with error: SnapClientError) {
        seatWaiter?.continuation.resume(throwing: error)
        seatWaiter = nil
        watchWaiter?.continuation.resume(throwing: error)
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
            if framesToLose > 0 {
                framesToLose -= 1
                continue
            }
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
                for waiter in tablesWaiters { waiter.continuation.resume(returning: tables) }
                tablesWaiters = []
            case .joined(_, let seat):
                seatWaiter?.continuation.resume(returning: seat)
                seatWaiter = nil
            case .watching:
                watchWaiter?.continuation.resume()
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
            signInWaiter?.resume(throwing: SnapClientError.refused(.init(code: code, message: message)))
            signInWaiter = nil
        case .failWaiters(let code, let message, let tableList):
            let refusal = SnapClientError.refused(.init(code: code, message: message))
            if tableList { return failWaiters(with: refusal) }
            failSeatWaiters(with: refusal)
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
