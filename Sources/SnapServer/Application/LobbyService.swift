import NIOCore
import ServiceLifecycle

/// Pings every connection while the server runs; when it is asked to stop, says goodbye to every client.
struct LobbyService: Service {
    let lobby: Lobby
    let roster: ConnectionRoster
    /// The server's event loops, whose own time the goodbye waits on.
    let loops: any EventLoopGroup

    func run() async throws {
        let pinger = Task { [roster] in await roster.keepPinging() }
        try? await gracefulShutdown()
        pinger.cancel()
        await roster.closeDoors()
        await lobby.shutDown(reason: SnapGameServer.shutdownReason)
        await roster.sayGoodbye(reason: SnapGameServer.shutdownReason)
        // Give the writers a moment to put the goodbye and the close frame on the wire: a transport deadline, in
        // NIO's time, as the server's clock may be a test's that stands still.
        try? await loops.next().scheduleTask(in: .milliseconds(100)) {}.futureResult.get()
    }
}
