import SnapCore

/// The codes an ``Packet/error(code:message:)`` carries. Codes 1–99 are the rules' `TableError` raw values;
/// the server's own refusals start at 100. The numbers are stable.
public enum WireErrorCode: UInt16, Hashable, Sendable, CaseIterable {
    /// The packet could not be decoded; the message says why.
    case malformedPacket = 100
    /// No open table has that code.
    case unknownTable = 101
    /// That request needs you to be at a table.
    case notAtTable = 102
    /// You are already at a table; leave it first.
    case alreadyAtTable = 103
    /// The name breaks the name rules.
    case badName = 104
    /// The server has as many tables as it allows.
    case tooManyTables = 105
    /// The server has as many connections as it allows.
    case serverFull = 106
    /// Too many requests of one kind (Snap! calls, lobby requests, sign-ins…) in a short time.
    case rateLimited = 107
    /// Sign in first (send SignInResponse with your name).
    case notSignedIn = 108
    /// No dropped player has that token, or their grace period is over.
    case unknownToken = 109
    /// That packet is one the server sends, or is not expected now.
    case unexpectedPacket = 110
    /// You have already signed in on this connection.
    case alreadySignedIn = 111
    /// Your network address holds as many connections as one address may.
    case tooManyConnectionsFromAddress = 112
    /// Players at your network address have as many tables open as one address may.
    case tooManyTablesFromAddress = 113
    /// The connection did not sign in (or reconnect) in time after it opened.
    case signInTimedOut = 114
    /// The table has as many watchers as it allows.
    case tooManyWatchers = 115
    /// The table's node is gone and no node has taken the table over yet (a cluster): reconnect again in a
    /// moment. Sent only to version 5 clients, which retry by themselves; older ones get ``unknownToken``.
    case tableMoving = 116
    /// The host removed you from the table (version 7): you are back in the lobby, and may join another table.
    case removedByHost = 117

    /// A sentence for people saying what went wrong and what to do.
    public var message: String {
        switch self {
        case .malformedPacket: "That packet could not be read."
        case .unknownTable: "There is no open table with that code. Check the code and try again."
        case .notAtTable: "Join or host a table first."
        case .alreadyAtTable: "You are already at a table; leave it first."
        case .badName: "That name cannot be used."
        case .tooManyTables: "The server has too many tables open; try again later."
        case .serverFull: "The server is full; try again later."
        case .rateLimited: "Too many requests: slow down."
        case .notSignedIn: "Sign in with your name first."
        case .unknownToken: "That seat is no longer kept for you; join a table again."
        case .unexpectedPacket: "That request is not expected now."
        case .alreadySignedIn: "You are already signed in."
        case .tooManyConnectionsFromAddress:
            "Too many connections from your network address; close some games and try again."
        case .tooManyTablesFromAddress: "Players on your network have too many tables open; finish one first."
        case .signInTimedOut: "Sign in sooner: the connection waited too long for a name."
        case .tooManyWatchers: "This table has as many watchers as it allows; watch another table or try again later."
        case .tableMoving: "Your table is moving to another server; trying again in a moment."
        case .removedByHost: "The host removed you from the table. You can host or join another one."
        }
    }
}
