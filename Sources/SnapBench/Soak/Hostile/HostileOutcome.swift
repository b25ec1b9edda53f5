import Foundation
import SnapNetworkTools

/// How one episode of a misbehaving client ended.
struct HostileOutcome: Sendable, Equatable {
    /// Who ended the connection.
    enum Ending: Sendable, Equatable {
        /// The server refused or closed it, for this reason.
        case closedByServer(LimitReason)
        /// The episode ran its course and the client closed the connection itself.
        case notClosed
        /// The soak ended first.
        case interrupted
    }

    /// Who ended the connection.
    var ending: Ending = .notClosed
    /// Requests (and frames of garbage) sent.
    var requestsSent = 0
    /// Error packets received, by code.
    var errors: [UInt16: Int] = [:]
    /// The close frame received, as "code reason" (nil when none came).
    var closeFrame: String?

    /// Notes an Error packet.
    mutating func noteError(_ code: UInt16) { errors[code, default: 0] += 1 }

    /// Notes how the server ended the connection.
    mutating func noteEnd(_ received: RawWebSocket.Received) {
        let codes = Set(errors.keys)
        switch received {
        case .closed(let code, let reason):
            closeFrame = "\(code.map(String.init) ?? "no code") \(reason)".trimmingCharacters(in: .whitespaces)
            ending = .closedByServer(LimitReason.closed(code: code, reason: reason, errors: codes))
        case .ended(let outcome):
            ending = .closedByServer(LimitReason.ended(reset: outcome != .endOfStream, errors: codes))
        case .frame, .nothing:
            break
        }
    }
}
