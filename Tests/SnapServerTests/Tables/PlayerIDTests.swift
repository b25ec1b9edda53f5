import SnapCore
import Testing
@testable import SnapServer

/// Player ids are as short as they can be, and never repeat.
@Suite struct PlayerIDTests {
    @Test func base62CountsWithTheShortestText() {
        #expect(PlayerID.base62(0) == "0")
        #expect(PlayerID.base62(1) == "1")
        #expect(PlayerID.base62(61) == "Z")
        #expect(PlayerID.base62(62) == "10")
        #expect(PlayerID.base62(62 * 62 - 1) == "ZZ")
        #expect(PlayerID.base62(62 * 62) == "100")
        #expect(PlayerID.base62(UInt64.max).count == 11)
    }

    @Test func everySignInGetsANewIdUnlikeAnyComputerPlayers() async throws {
        let server = InProcessServer.start()
        var ids = Set<String>()
        for index in 0..<5 {
            let player = try await server.player("P\(index)")
            let id = try #require(await player.id)
            ids.insert(id.rawValue)
            #expect(id.rawValue.count <= 2 && !id.rawValue.contains("-"))
        }
        #expect(ids.count == 5)
        await server.stop()
    }
}
