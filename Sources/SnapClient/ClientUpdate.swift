import SnapCore
import SnapProtocol

/// Something a ``SnapClient`` learned from the server.
public enum ClientUpdate: Hashable, Sendable {
    /// Signed in: the server's id for this player.
    case signedIn(PlayerID)
    /// The open tables on the server.
    case tables([TableSummary])
    /// Seated at table `code`.
    case joined(code: String, seat: Seat)
    /// Watching table `code`, without a seat; a snapshot with no viewer follows.
    case watching(code: String)
    /// This many people are watching the table (sent to players and watchers whenever it changes).
    case watchers(Int)
    /// The table being watched closed (everyone left it), and why; the client is back in the lobby.
    case tableClosed(reason: String)
    /// The table changed: these events were applied to ``SnapClient/view``, which is now `view`.
    case table(PlayerView, events: [TableEvent])
    /// The whole view arrived (on joining, reconnecting or after a resync).
    case snapshot(PlayerView)
    /// A quick round is running with `remaining` left (real time, as of now).
    case roundClock(remaining: Duration)
    /// The player in `seat` must turn within `remaining`, or the table turns for them.
    case turnClock(Seat, remaining: Duration)
    /// How a seat's network looks to the judge, as asked with ``SnapClient/askNetworkTime(of:)``.
    case networkTime(NetworkTime)
    /// A player's connection dropped or came back.
    case playerConnection(Seat, connected: Bool)
    /// The server refused a request.
    case refused(code: UInt16, message: String)
    /// The table asked for (joining, watching or reconnecting) is on another node of the cluster, at `url`: the
    /// client is moving there by itself, and asks again once signed in (a short pause, then the usual updates).
    case redirected(code: String, url: String)
    /// The connection dropped; the client is trying to get back in its seat.
    case reconnecting(attempt: Int)
    /// Back in the seat after a drop.
    case reconnected
    /// Another connection took this seat with its token (the same player in another terminal or browser tab): this
    /// client does not reconnect, and ``closed`` follows.
    case replaced
    /// The server is shutting down, and why.
    case serverQuit(reason: String)
    /// The connection is closed for good.
    case closed
}
