/// What one kind of misbehaving client did over a soak, and how the server answered.
public struct HostileKindReport: Encodable, Sendable, Equatable {
    /// Connections opened (episodes run).
    public var episodes = 0
    /// Requests and garbage frames sent.
    public var requestsSent = 0
    /// Connections the server refused or closed, by ``LimitReason`` (its snake_case name).
    public var closedByServer: [String: Int] = [:]
    /// Episodes that ran their course without the server closing them.
    public var notClosed = 0
    /// Episodes cut short by the end of the soak (not judged).
    public var interrupted = 0
    /// Error packets received, by the code's name.
    public var errorsReceived: [String: Int] = [:]
    /// Close frames received, as "code reason".
    public var closeFrames: [String: Int] = [:]

    /// Nothing yet.
    public init() {}

    /// Adds one episode.
    mutating func add(_ outcome: HostileOutcome) {
        episodes += 1
        requestsSent += outcome.requestsSent
        switch outcome.ending {
        case .closedByServer(let reason): closedByServer[reason.rawValue, default: 0] += 1
        case .notClosed: notClosed += 1
        case .interrupted: interrupted += 1
        }
        for (code, count) in outcome.errors { errorsReceived[ErrorCodeName.of(code), default: 0] += count }
        if let frame = outcome.closeFrame { closeFrames[frame, default: 0] += 1 }
    }

    enum CodingKeys: String, CodingKey {
        case episodes, interrupted
        case requestsSent = "requests_sent"
        case closedByServer = "closed_by_server"
        case notClosed = "not_closed"
        case errorsReceived = "errors_received"
        case closeFrames = "close_frames"
    }
}
