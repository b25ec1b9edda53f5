/// Why the server refused or closed a connection, worked out from what the client saw: the Error packets before
/// the end, then the close frame's code and reason — matched on a few words, not on exact sentences — or how the
/// TCP connection ended when no close frame came.
enum LimitReason: String, CaseIterable, Sendable {
    /// It let too many unsent packets pile up (close 1008 "…not reading…", or just a TCP close).
    case notReading = "not_reading"
    /// Rate limited (Error 107), then closed (1008 "too many requests").
    case tooManyRequests = "too_many_requests"
    /// It did not sign in in time (1008).
    case signInDeadline = "sign_in_deadline"
    /// Ten malformed packets (Error 100 each, then 1002).
    case malformedPackets = "malformed_packets"
    /// A frame over the largest packet (1009).
    case oversizedFrame = "oversized_frame"
    /// A frame breaking the WebSocket protocol (1002).
    case invalidFrame = "invalid_frame"
    /// A text frame that is not UTF-8 (1007).
    case invalidUTF8 = "invalid_utf8"
    /// Error 112: too many connections from this address.
    case tooManyConnectionsFromAddress = "too_many_connections_from_address"
    /// Error 113: too many tables from this address.
    case tooManyTablesFromAddress = "too_many_tables_from_address"
    /// Error 106, or a close saying the server is full.
    case serverFull = "server_full"
    /// Closed for not answering pings (1001).
    case silence
    /// Another policy close (1008) whose reason matched none of the above.
    case otherPolicy = "other_policy"
    /// Any other close code.
    case otherClose = "other_close"
    /// An orderly TCP close with no close frame before it.
    case closedWithoutCloseFrame = "closed_without_close_frame"
    /// The connection was reset.
    case reset
    /// The TCP connection or the WebSocket upgrade was refused.
    case connectionRefused = "connection_refused"

    /// The reason for a connection that ended with a close frame, after Error packets with `errors`.
    static func closed(code: UInt16?, reason: String, errors: Set<UInt16>) -> LimitReason {
        if let refusal = refusal(in: errors) { return refusal }
        let words = reason.lowercased()
        switch code {
        case 1009: return .oversizedFrame
        case 1007: return .invalidUTF8
        case 1002: return errors.contains(100) || words.contains("malformed") ? .malformedPackets : .invalidFrame
        case 1008:
            if words.contains("read") { return .notReading }
            if words.contains("sign") { return .signInDeadline }
            if errors.contains(107) || ["request", "many", "rate", "fast"].contains(where: words.contains) {
                return .tooManyRequests
            }
            return .otherPolicy
        case 1001 where words.contains("ping") || words.contains("silen"):
            return .silence
        default:
            return words.contains("full") ? .serverFull : .otherClose
        }
    }

    /// The reason for a connection that ended without a close frame (`reset`: it was reset rather than closed in
    /// order), after Error packets with `errors`.
    static func ended(reset: Bool, errors: Set<UInt16>) -> LimitReason {
        refusal(in: errors) ?? (reset ? .reset : .closedWithoutCloseFrame)
    }

    /// The refusals that say why a connection is about to close.
    private static func refusal(in errors: Set<UInt16>) -> LimitReason? {
        if errors.contains(112) { return .tooManyConnectionsFromAddress }
        if errors.contains(113) { return .tooManyTablesFromAddress }
        if errors.contains(106) { return .serverFull }
        return nil
    }
}
