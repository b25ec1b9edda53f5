@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing
import SnapServerTestSupport

/// The same player in two places: a second client resuming with the seat's token takes the seat over, and the first
/// is told so and stays away — it does not reconnect with the token it still holds, which would take the seat back
/// and start the two taking it from each other for ever.
@Suite(.timeLimit(.minutes(1))) struct SeatReplacedTests {
    @Test func aClientWhoseSeatAnotherConnectionTookIsToldAndDoesNotReconnect() async throws {
        let server = try await TestServer.start(speed: 1, grace: .seconds(30))
        let first = try await SnapClient.connect(to: server.url, name: "Ann")
        let updates = Task {
            var seen: [ClientUpdate] = []
            for await update in first.updates { seen.append(update) }
            return seen
        }
        _ = try await first.sitDown(at: nil, solo: true)
        let token = try #require(await first.reconnectToken)
        let code = try #require(await first.tableCode)

        let second = try await SnapClient.resume(to: server.url, name: "Ann", token: token, table: code)
        // The first client's stream ends once it gives up: it has no reconnection in it after the replacement.
        let seen = await updates.value
        let replaced = try #require(seen.firstIndex { if case .replaced = $0 { true } else { false } })
        #expect(!seen[replaced...].contains { if case .reconnecting = $0 { true } else { false } })
        #expect(seen.last.map { if case .closed = $0 { true } else { false } } == true)
        // The second still holds the seat.
        #expect(await second.tableCode == code)
        await second.disconnect()
        await server.stop()
    }
}
