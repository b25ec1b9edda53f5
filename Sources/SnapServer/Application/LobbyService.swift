import NIOCore
import ServiceLifecycle

/// Pings every connection while the server runs; when it is asked to stop, says goodbye to every client.
struct LobbyService: Service {
    let core: ServerCore

    func run() async throws {
        let pinger = Task { [roster = core.roster] in await roster.keepPinging() }
        try? await gracefulShutdown()
        pinger.cancel()
        await core.sayGoodbye(reason: SnapGameServer.shutdownReason)
        // Give the writers a moment to put the goodbye and the close frame on the wire: a transport deadline, in
        // NIO's time, as the server's clock may be a test's that stands still.
        try? await core.environment.loops.next().scheduleTask(in: .milliseconds(100)) {}.futureResult.get()
    }
}
