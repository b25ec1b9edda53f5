import Foundation
import SnapClient

/// Why `snap join` could not sit down at a server, in one plain line: what happened, at which address, and what
/// to check — without the network library's own error text.
struct ConnectFailure: Error, CustomStringConvertible {
    /// The server's host name or address.
    let host: String
    /// The server as HOST:PORT.
    let address: String
    /// What went wrong.
    let kind: Kind

    /// The kinds of failure a person can act on.
    enum Kind: Equatable {
        /// The computer answered, but nothing listens on that port.
        case nothingListening
        /// The host name does not resolve.
        case unknownHost
        /// No answer at all in time.
        case noAnswer
        /// Something answered, but it is not a Snap! server.
        case notSnap
        /// The server turned us away, and said why.
        case refused(String)
        /// The server closed the connection before it let us in.
        case closedEarly
        /// Anything else on the way there.
        case unreachable
    }

    /// Maps the client's error for the server at `url` (ws://HOST:PORT/ws).
    init(url: String, error: any Error) {
        let components = URLComponents(string: url)
        host = components?.host ?? url
        address = "\(host.contains(":") ? "[\(host)]" : host):\(components?.port ?? 8080)"
        kind = Self.kind(of: error)
    }

    private static func kind(of error: any Error) -> Kind {
        guard let error = error as? SnapClientError else { return .unreachable }
        switch error {
        case .refused(let refusal): return .refused(refusal.message)
        case .connectionClosed: return .closedEarly
        case .timedOut: return .noAnswer
        case .unreachable(let how):
            switch how {
            case .nothingListening: return .nothingListening
            case .unknownHost: return .unknownHost
            case .noAnswer: return .noAnswer
            case .notSnap: return .notSnap
            case .other: return .unreachable
            }
        case .invalidAddress, .alreadyWaiting, .cancelled, .noServerFound, .discoveryUnavailable: return .unreachable
        }
    }

    var description: String {
        switch kind {
        case .nothingListening:
            "Nothing is listening at \(address). Is `snap` running there? Check the address and the port."
        case .unknownHost:
            "No computer called \(host) was found. Check the address."
        case .noAnswer:
            "No answer from \(address). Check the address, and that a firewall lets the port through."
        case .notSnap:
            "Something answered at \(address), but not a Snap! server. Check the port."
        case .refused(let message):
            "The Snap! server at \(address) turned us away: \(message)"
        case .closedEarly:
            "The Snap! server at \(address) closed the connection before letting us in. Try again."
        case .unreachable:
            "Could not reach a Snap! server at \(address). Is `snap` running there? Check the address and the port."
        }
    }
}
