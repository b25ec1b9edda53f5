import SnapCore
import SnapProtocol
import SnapTestSupport

@testable import SnapClient
import SnapServerTestSupport

/// A person at an ``InProcessServer``: signs in, keeps a mirror of the table from the server's events, answers
/// pings, gets back into its seat with its token after a drop, and logs what it learns as ``ClientUpdate``s. What it
/// does with each packet is ``SnapClient``'s own ``ClientSession``'s say; this actor carries it out on an in-process
/// socket (a cluster's redirects aside).
/// With a seed it plays by itself (``AutoPlayer``).
///
/// It runs on no task of its own: the server's waits have it react to what has arrived, in turn with every other
/// client (``InProcessServer/settle()``), so that a whole game is played out by the test's one task.
actor InProcessClient {
    /// Why the server would not seat or sign in this client.
    struct Refusal: Error, CustomStringConvertible {
        var code: UInt16
        var message: String
        var description: String { message }
    }

    nonisolated let name: String
    private let address: String
    private let server: InProcessServer
    private var socket: InProcessSocket?
    /// How many of the socket's messages have been handled.
    private var handled = 0
    private var reacting = false
    private var autoPlayer: AutoPlayer?

    /// What the client knows and decides about each packet.
    private var session: ClientSession

    /// Everything the client learned, in order.
    private(set) var log: [ClientUpdate] = []
    /// The table as this client sees it.
    var view: PlayerView? { session.view }
    /// The id the server gave this client.
    var id: PlayerID? { session.id }
    /// The secret that gets the seat back after a drop.
    var token: String? { session.token }
    /// The code of the table it sits at or watches.
    var tableCode: String? { session.tableCode }
    var isWatching: Bool { session.isWatching }
    /// How many times a gap in packet numbers (or an event that did not fit) made it ask for the whole table.
    var resyncs: Int { session.resyncs }
    /// Packets that could not be decoded, or did not fit the table as it knows it.
    var protocolErrors: Int { session.protocolErrors }
    /// Every packet received, as bytes, over every connection.
    private(set) var receivedBytes: [[UInt8]] = []
    private var packetsToLose = 0
    private var isClosing = false
    private var signInRefusal: Refusal?
    /// When this client applied the latest turned card, on the server's clock: what a call's reaction is
    /// measured from.
    private var cardShownAt: Duration?

    init(name: String, version: UInt8, autoPlay seed: UInt64?, address: String, server: InProcessServer) {
        self.name = name
        session = ClientSession(name: name, protocolVersion: version)
        self.address = address
        self.server = server
        autoPlayer = seed.map { AutoPlayer(seed: $0) }
    }

    /// Connects and signs in.
    func start() async throws {
        socket = try await server.socket(address: address)
        try await server.wait("\(name)'s welcome") { self.signedIn() }
        if let signInRefusal { throw signInRefusal }
    }

    private func signedIn() -> Bool { id != nil || signInRefusal != nil }

    // MARK: - Requests

    /// Sends a packet as it is.
    func send(_ packet: Packet) async {
        guard let socket else { return }
        session.sending(packet)
        await socket.send(packet)
    }

    /// Sends raw bytes as one binary frame.
    func sendRaw(_ bytes: [UInt8]) async {
        await socket?.sendBytes(bytes)
    }

    func listTables() async { await send(.listTables) }
    func hostTable(solo: Bool = false) async { await send(.hostTable(solo: solo)) }
    func joinTable(code: String) async { await send(.joinTable(code: code)) }
    func addComputer() async { await send(.addComputer) }
    func startRound() async { await send(.startRound) }
    func turnCard() async { await send(.clientTurnedCard) }

    /// Calls Snap!, claiming the time since the latest card on the server's clock (a person as quick as the test).
    func callSnap() async {
        guard session.protocolVersion >= 2 else { return await send(.playerShouldSnap(id: id ?? PlayerID(""))) }
        let reaction = cardShownAt.map { server.clock.now - $0 } ?? .seconds(60)
        await send(.callSnap(reaction: Wire.microseconds(reaction)))
    }

    /// Leaves the table, or stops watching it; the connection stays open.
    func leaveTable() async {
        await send(.clientQuit)
        session.leftTable()
    }

    /// Watches table `code`; throws the server's refusal.
    func watch(code: String) async throws {
        let start = log.count
        await send(.watchTable(code: code))
        var answer: ClientUpdate?
        try await server.wait("an answer to watching \(code)") {
            answer = self.update(from: start) {
                switch $0 {
                case .watching, .refused: true
                default: false
                }
            }.0
            return answer != nil
        }
        if case .refused(let code, let message) = answer { throw Refusal(code: code, message: message) }
    }

    /// Closes the connection for good.
    func disconnect() async {
        isClosing = true
        await socket?.send(opcode: .connectionClose, [0x03, 0xE8] + Array("bye".utf8))
    }

    /// Drops the connection without saying goodbye, as a lost network would: once the server has closed it, the
    /// client comes back with its token.
    func dropConnection() async {
        await socket?.send(opcode: .connectionClose, [0x03, 0xE9] + Array("dropped".utf8))
    }

    /// Throws the next packet away on arrival, as a lossy network would.
    func loseNextPacket() {
        packetsToLose += 1
    }

    // MARK: - Waiting

    /// Runs the server until an update satisfies `condition` (see ``InProcessServer/wait(_:advancing:until:)``).
    @discardableResult
    nonisolated func waitFor(
        _ what: String, advancing: Bool = false, where condition: @escaping @Sendable (ClientUpdate) -> Bool
    ) async throws -> ClientUpdate {
        var found: ClientUpdate?
        // The log only grows: what was looked at once is not looked at again.
        var checked = 0
        try await server.wait("\(what) (\(name))", advancing: advancing) {
            (found, checked) = await self.update(from: checked, where: condition)
            return found != nil
        }
        return found!
    }

    /// Waits until seated and the server is done seating it; returns the table code and seat.
    @discardableResult
    nonisolated func joined() async throws -> (code: String, seat: Seat) {
        let update = try await waitFor("a seat") { if case .joined = $0 { true } else { false } }
        guard case .joined(let code, let seat) = update else { throw TimedOut(what: "a seat") }
        try await waitFor("the snapshot") { if case .snapshot = $0 { true } else { false } }
        try await synced()
        return (code, seat)
    }

    /// Waits until the server has handled everything this client sent so far: it answers a connection's requests
    /// in order, and the table is seated before the lobby is done with a join (which a clock moved meanwhile
    /// would race).
    func synced() async throws {
        let start = log.count
        await send(.listTables)
        try await server.wait("the table list (\(name))") {
            self.update(from: start) { if case .tables = $0 { true } else { false } }.0 != nil
        }
    }

    /// Waits for a refusal with this code; returns its message.
    nonisolated func expectRefusal(_ code: UInt16) async throws -> String {
        let update = try await waitFor("refusal \(code)") { if case .refused(code, _) = $0 { true } else { false } }
        guard case .refused(_, let message) = update else { return "" }
        return message
    }

    /// Waits for `count` refusals with this code; returns their messages.
    nonisolated func refusals(_ code: UInt16, count: Int) async throws -> [String] {
        var messages: [String] = []
        try await server.wait("\(count) refusals \(code) (\(name))") {
            messages = await self.log.compactMap { if case .refused(code, let message) = $0 { message } else { nil } }
            return messages.count >= count
        }
        return messages
    }

    /// Whether any update so far satisfies `condition`.
    func contains(where condition: (ClientUpdate) -> Bool) -> Bool {
        log.contains(where: condition)
    }

    /// How many updates so far satisfy `condition`.
    func count(where condition: (ClientUpdate) -> Bool) -> Int {
        log.count(where: condition)
    }

    /// The first update from the `start`th on that satisfies `condition`, and how many updates there are.
    private func update(from start: Int, where condition: (ClientUpdate) -> Bool) -> (ClientUpdate?, Int) {
        (log[start...].first(where: condition), log.count)
    }

    // MARK: - Reacting

    /// Handles what has arrived since the last time, and gets back in after a drop; whether there was anything.
    func react() async -> Bool {
        guard !reacting, let socket else { return false }
        reacting = true
        defer { reacting = false }
        let fresh = socket.messages(from: handled)
        handled += fresh.count
        for bytes in fresh { await receive(bytes) }
        guard socket.isClosed, socket === self.socket, socket.messages(from: handled).isEmpty else { return !fresh.isEmpty }
        await connectionEnded()
        return true
    }

    /// The connection closed: back with the token when seated and not leaving, otherwise closed for good.
    private func connectionEnded() async {
        if let closing = socket, let code = closing.closeCode {
            for action in session.closedByServer(code: UInt16(webSocketErrorCode: code), reason: closing.closeReason) {
                await run(action)
            }
        }
        guard !isClosing, session.mayReconnect, let next = try? await server.socket(address: address)
        else {
            socket = nil
            log.append(.closed)
            return
        }
        log.append(.reconnecting(attempt: 1))
        socket = next
        handled = 0
        session.connected()
    }

    private func receive(_ bytes: [UInt8]) async {
        if packetsToLose > 0 {
            packetsToLose -= 1
            return
        }
        receivedBytes.append(bytes)
        guard let frames = try? session.decode(bytes) else { return }
        for frame in frames {
            for action in session.receive(frame) { await run(action) }
        }
    }

    /// Carries out one of the session's actions.
    private func run(_ action: ClientSession.Action) async {
        switch action {
        case .send(let packet): await send(packet)
        case .emit(let update): await learned(update)
        case .answerPing(let value): await send(.pong(value))
        case .signedIn, .failWaiters: break  // Its waits look at the session and the log.
        case .signInRefused(let code, let message): signInRefusal = Refusal(code: code, message: message)
        case .startReactionClock: cardShownAt = server.clock.now
        case .closeConnection(let reason, let forGood):
            if forGood { isClosing = true }
            await socket?.send(opcode: .connectionClose, [0x03, 0xE8] + Array(reason.utf8))
        case .followRedirect: break  // One server, no cluster: never sent.
        }
    }

    private func learned(_ update: ClientUpdate) async {
        log.append(update)
        for move in autoPlayer?.moves(after: update) ?? [] {
            switch move {
            case .callSnap: await callSnap()
            case .turnCard: await turnCard()
            }
        }
    }
}
