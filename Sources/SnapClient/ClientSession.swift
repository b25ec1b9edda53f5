import SnapCore
import SnapProtocol

/// A client's side of the protocol, without a connection: what it knows (who it is, its table, the mirror of the
/// table from the server's events, which packet comes next) and what it does with each packet the server sends.
/// Each packet goes in; what to do comes out as ``Action``s, for ``SnapClient`` (or the tests' in-process client) to
/// carry out with its own connection, waiters and clock. The decisions are made here once, and tested without a
/// socket (as postgres-nio's `ConnectionStateMachine`).
struct ClientSession: Sendable {
    /// Something to do about a packet from the server.
    enum Action: Hashable, Sendable {
        /// Send this packet.
        case send(Packet)
        /// Tell whoever listens.
        case emit(ClientUpdate)
        /// Answer a Ping with this value (as the client answers pings: at once, or as its `answerPing` says).
        case answerPing(UInt64)
        /// The server welcomed us: whoever waits for the sign-in may go on.
        case signedIn
        /// The server refused to sign us in: whoever waits for the sign-in hears why (a ``closeConnection(reason:forGood:)``
        /// follows).
        case signInRefused(code: UInt16, message: String)
        /// Whoever waits for a seat or to watch (and, when `tableList`, for the open tables) hears the refusal.
        case failWaiters(code: UInt16, message: String, tableList: Bool)
        /// The latest turned card (or the end of the deal) was applied: a call's reaction time runs from now.
        case startReactionClock
        /// Close the connection; `forGood`: and do not reconnect.
        case closeConnection(reason: String, forGood: Bool)
        /// Close the connection and open one at `url`, where the table is (the session repeats the request there).
        case followRedirect(url: String)
    }

    /// A request for a table, as the client repeats it on the node a Redirect sends it to.
    enum TableRequest: Hashable, Sendable {
        case join(code: String)
        case watch(code: String)
        case reconnect
    }

    /// The most redirects in a row to follow before giving up.
    static let maximumRedirects = 3

    /// The name to sign in with.
    let name: String
    /// The protocol version spoken: 2 and up say Hello.
    let protocolVersion: UInt8

    /// The table as this player sees it, once seated (or watching).
    private(set) var view: PlayerView?
    /// This player's id, once signed in.
    private(set) var id: PlayerID?
    /// The secret token that gets this player back into their seat after a drop (the Welcome's).
    private(set) var token: String?
    /// The code of the table this player sits at or watches.
    private(set) var tableCode: String?
    /// Whether this client watches its table rather than sitting at it.
    private(set) var isWatching = false
    /// How many people watch the table (as the server last said).
    private(set) var watcherCount = 0
    /// How many times a gap in packet numbers (or an event that did not fit) made the client ask for a resync.
    private(set) var resyncs = 0
    /// Packets that could not be decoded, or did not fit the table as this client knows it.
    private(set) var protocolErrors = 0
    /// The server said it is shutting down: there is nothing to reconnect to.
    private(set) var serverQuit = false
    /// Another connection took the seat with its token: reconnecting would take it back, and round again.
    private(set) var replaced = false
    /// Whether the sign-in is still awaited: until the first Welcome or refusal (or until the client gives up).
    private(set) var isSigningIn = true

    private var expectedNumber: UInt32 = 0
    private var awaitingSnapshot = false
    /// The latest request for a table (join, watch, or reconnect with the token): what a Redirect answers.
    private var lastTableRequest: TableRequest?
    /// The request to repeat once signed in on the node a Redirect sent us to; set while moving there.
    private var requestToRepeat: TableRequest?
    /// Redirects followed since the client last got a table.
    private var redirectsInARow = 0

    /// A session that signs in as `name`; with `token` and `table`, one that takes a kept seat back instead.
    init(name: String, protocolVersion: UInt8 = Wire.version, token: String? = nil, table: String? = nil) {
        self.name = name
        self.protocolVersion = protocolVersion
        self.token = token
        tableCode = table
    }

    // MARK: - The connection's events

    /// A connection opened: its packets are numbered from 0.
    mutating func connected() {
        expectedNumber = 0
    }

    /// The connection could not be opened: a request a Redirect was moving is forgotten. Returns whether there was
    /// one (whoever waits for a table should hear why).
    mutating func couldNotConnect() -> Bool {
        guard requestToRepeat != nil else { return false }
        requestToRepeat = nil
        return true
    }

    /// The client turned to another server after a drop: redirects are counted afresh.
    mutating func turnedToAnotherServer() {
        redirectsInARow = 0
    }

    /// Nobody waits for the sign-in any more (the connection ended before a Welcome).
    mutating func stopSigningIn() {
        isSigningIn = false
    }

    /// The client sends `packet`: a request for a table is what a later Redirect answers.
    mutating func sending(_ packet: Packet) {
        switch packet {
        case .joinTable(let code): lastTableRequest = .join(code: code)
        case .watchTable(let code): lastTableRequest = .watch(code: code)
        case .reconnect: lastTableRequest = .reconnect
        default: break
        }
    }

    /// The server closed the connection with a close frame of `code` and `reason`: a seat another connection took
    /// with its token (``Wire/replacedCloseReason``) is said, and never taken back.
    mutating func closedByServer(code: UInt16?, reason: String?) -> [Action] {
        // 1008: policy violation, the code the server closes a replaced connection with.
        guard code == 1008, reason == Wire.replacedCloseReason else { return [] }
        replaced = true
        return [.emit(.replaced)]
    }

    /// Whether a client whose connection dropped goes back to its seat: it has one, and neither the server's going
    /// away nor another connection taking the seat ended it.
    var mayReconnect: Bool {
        !serverQuit && !replaced && token != nil && tableCode != nil
    }

    /// The client left its table (or stopped watching it).
    mutating func leftTable() {
        view = nil
        tableCode = nil
        isWatching = false
    }

    // MARK: - Packets

    /// Decodes the packets of one message (from version 10 on, a message may hold several); what cannot be decoded
    /// counts as a protocol error.
    mutating func decode(_ bytes: [UInt8]) throws -> [Frame] {
        do {
            if protocolVersion >= PacketType.fullerMessagesSince { return try Frame.decodeMessage(bytes) }
            return [try Frame.decode(bytes)]
        } catch {
            protocolErrors += 1
            throw error
        }
    }

    /// What to do about a frame from the server: a gap in the packets' numbers asks for the whole table (and events
    /// are ignored until it comes), then the packet is handled.
    mutating func receive(_ frame: Frame) -> [Action] {
        var actions: [Action] = []
        if let number = frame.number {
            if number != expectedNumber {
                actions.append(resync())
            }
            expectedNumber = number &+ 1
        }
        return actions + handle(frame.packet)
    }

    /// Asks for the whole table, ignoring events until it comes.
    private mutating func resync() -> Action {
        resyncs += 1
        awaitingSnapshot = true
        return .send(.resyncRequest)
    }

    private mutating func handle(_ packet: Packet) -> [Action] {
        switch packet {
        case .signInRequest:
            let hello: [Action] = protocolVersion >= 2 ? [.send(.hello(version: protocolVersion))] : []
            if let token, tableCode != nil, !isWatching {
                return hello + [.send(.reconnect(token: token))]
            }
            return hello + [.send(.signInResponse(name: name))]
        case .welcome(_, let id, let token):
            return welcome(id: id, token: token)
        case .tableList(let tables):
            return [.emit(.tables(tables))]
        case .tableJoined(let code, let seat):
            tableCode = code
            redirectsInARow = 0
            return [.emit(.joined(code: code, seat: seat))]
        case .tableWatched(let code):
            tableCode = code
            redirectsInARow = 0
            isWatching = true
            return [.emit(.watching(code: code))]
        case .watcherCount(let count):
            watcherCount = Int(count)
            return [.emit(.watchers(Int(count)))]
        case .tableClosed(let reason):
            leftTable()
            watcherCount = 0
            return [.emit(.tableClosed(reason: reason))]
        case .snapshot(let view):
            self.view = view
            awaitingSnapshot = false
            return [.emit(.snapshot(view))]
        case .error(let code, let message):
            return refused(code: code, message: message)
        case .redirect(let url, let code):
            return redirect(to: url, code: code)
        case .serverQuit(let reason):
            serverQuit = true
            return [.emit(.serverQuit(reason: reason))]
        case .ping(let value):
            return [.answerPing(value)]
        case .playerConnection(let seat, let connected):
            return [.emit(.playerConnection(seat, connected: connected))]
        case .networkTime(let time):
            return [.emit(.networkTime(time))]
        case .roundClock(let remaining):
            return [.emit(.roundClock(remaining: .milliseconds(Int64(remaining))))]
        case .turnClock(let seat, let remaining):
            return [.emit(.turnClock(seat, remaining: .milliseconds(Int64(remaining))))]
        case .otherClientQuit(let id, _) where id == self.id:
            // We left; the table goes on without us.
            return []
        default:
            return apply(packet)
        }
    }

    private mutating func welcome(id: PlayerID, token: String) -> [Action] {
        let reconnected = self.token != nil && tableCode != nil
        self.id = id
        self.token = token
        isSigningIn = false
        var actions: [Action] = [.signedIn, .emit(reconnected ? .reconnected : .signedIn(id))]
        if let request = requestToRepeat {
            // Moved by a Redirect: ask this node what the last one could not give.
            requestToRepeat = nil
            switch request {
            case .join(let code): actions.append(.send(.joinTable(code: code)))
            case .watch(let code):
                awaitingSnapshot = isWatching
                actions.append(.send(.watchTable(code: code)))
            case .reconnect: redirectsInARow = 0
            }
        } else if reconnected, isWatching, let tableCode {
            // A watcher has no seat to get back to: after a drop it signs in afresh and watches again.
            awaitingSnapshot = true
            actions.append(.send(.watchTable(code: tableCode)))
        }
        return actions
    }

    private mutating func refused(code: UInt16, message: String) -> [Action] {
        if isSigningIn {
            // Not signed in, and never will be on this connection: close it.
            isSigningIn = false
            return [
                .signInRefused(code: code, message: message),
                .closeConnection(reason: "sign-in refused", forGood: true),
            ]
        }
        if code == WireErrorCode.tableMoving.rawValue {
            // Our table's node is gone and no node has taken it over yet: this connection ends, and the
            // reconnection loop asks again in a moment (within the reconnect window).
            return [.closeConnection(reason: "table moving", forGood: false)]
        }
        if code == WireErrorCode.removedByHost.rawValue {
            // The host removed us: the table is over for this client, which stays signed in and may join another.
            leftTable()
            return [.emit(.refused(code: code, message: message))]
        }
        if code == WireErrorCode.unknownToken.rawValue {
            // Our seat was not kept: this table is over for us. Say so and close.
            return seatLost(code: code, message: message, reason: "seat lost")
        }
        return [
            .failWaiters(code: code, message: message, tableList: false), .emit(.refused(code: code, message: message)),
        ]
    }

    /// The seat is gone for good: the table is over for this client, which says so and closes.
    private mutating func seatLost(code: UInt16, message: String, reason: String) -> [Action] {
        tableCode = nil
        view = nil
        return [.emit(.refused(code: code, message: message)), .closeConnection(reason: reason, forGood: true)]
    }

    /// Follows a Redirect to the node at `url`, where the session repeats its request once signed in; gives up
    /// after ``maximumRedirects`` in a row.
    private mutating func redirect(to url: String, code: String) -> [Action] {
        guard let asked = lastTableRequest else {
            // Nothing was asked that a Redirect could answer.
            protocolErrors += 1
            return []
        }
        redirectsInARow += 1
        guard redirectsInARow <= Self.maximumRedirects else {
            redirectsInARow = 0
            lastTableRequest = nil
            let message =
                "Table \(code) could not be reached: the servers sent this client on \(Self.maximumRedirects + 1) times "
                + "in a row, so they disagree about where it is. Try again in a moment."
            if case .reconnect = asked {
                // The seat cannot be found: this table is over for us, as when the token is unknown.
                return seatLost(
                    code: WireErrorCode.unknownToken.rawValue, message: message, reason: "too many redirects")
            }
            let refused = WireErrorCode.unknownTable.rawValue
            return [
                .failWaiters(code: refused, message: message, tableList: true),
                .emit(.refused(code: refused, message: message)),
            ]
        }
        switch asked {
        case .join: requestToRepeat = .join(code: code)
        case .watch: requestToRepeat = .watch(code: code)
        case .reconnect:
            requestToRepeat = .reconnect
            tableCode = code
        }
        return [.emit(.redirected(code: code, url: url)), .followRedirect(url: url)]
    }

    /// Applies a table event to the mirror (unless a snapshot is awaited); one that does not fit asks for a resync.
    private mutating func apply(_ packet: Packet) -> [Action] {
        guard !awaitingSnapshot, var view else { return [] }
        do {
            guard let events = try packet.tableEvents(in: view) else { return [] }
            view.apply(events)
            self.view = view
            let clock: [Action] = events.contains(where: \.startsReactionClock) ? [.startReactionClock] : []
            return clock + [.emit(.table(view, events: events))]
        } catch {
            protocolErrors += 1
            return [resync()]
        }
    }
}
