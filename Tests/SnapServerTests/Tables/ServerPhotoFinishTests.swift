import Foundation
import SnapCore
import SnapProtocol
import SnapStore
import SnapTestSupport
import Testing

@testable import SnapServer

/// The photo finish on a whole server in process, on its manual clock (ServerJudgingTests's networks): after a
/// call that won by less than 50 ms, every client of protocol version 9 — players and watchers — is sent both calls
/// on one time line right after the call's timing; an older client is sent nothing new; the stored round replays
/// with it.
@Suite struct ServerPhotoFinishTests {
    typealias Judging = ServerJudgingTests

    static func isPhotoFinish(_ packet: Packet) -> Bool { if case .photoFinish = packet { true } else { false } }

    /// Ann (10 ms round trip) claims 250 ms, 260 ms after the card; Bob (160 ms) claims 230 ms, 100 ms after her:
    /// he wins by 20 ms. Cat watches with `watcherVersion`.
    static func closeRace(
        store: (any GameStore)? = nil, watcherVersion: UInt8
    ) async throws -> (server: InProcessServer, ann: Judging.Player, bob: Judging.Player, cat: InProcessSocket, code: String) {
        let server = InProcessServer.start(store: store)
        let clock = server.clock
        let ann = try await Judging.signIn("Ann", on: server, clock: clock, version: classicProtocolVersion, roundTrip: .milliseconds(10))
        let bob = try await Judging.signIn("Bob", on: server, clock: clock, version: classicProtocolVersion, roundTrip: .milliseconds(160))
        let cat = try await Judging.signIn("Cat", on: server, clock: clock, version: watcherVersion, roundTrip: nil)
        try await Judging.seatAndTurn(clock, ann, bob)
        let code = try #require(
            ann.socket.frames.lazy.compactMap { if case .tableJoined(let code, _) = $0.packet { code } else { nil } }.first)
        await cat.socket.send(.watchTable(code: code))
        try await cat.socket.waitFor("Cat watching") { if case .snapshot = $0 { true } else { false } }
        clock.advance(by: .milliseconds(260))
        await ann.socket.send(.callSnap(reaction: 250_000))
        try await Judging.synced(ann.socket)
        clock.advance(by: .milliseconds(100))
        await bob.socket.send(.callSnap(reaction: 230_000))
        _ = try await Judging.verdict(ann, on: server)
        return (server, ann, bob, cat.socket, code)
    }

    @Test func aCallWonBy20msIsFollowedByItsPhotoFinish() async throws {
        let (server, ann, bob, cat, code) = try await Self.closeRace(watcherVersion: classicProtocolVersion)
        let table = try #require(await server.table(code))
        let expected = PhotoFinish(entries: [
            PhotoFinish.Entry(
                seat: try #require(await table.view(for: bob.id)?.viewer), elapsed: .milliseconds(360),
                reaction: .milliseconds(230), allowance: .milliseconds(170), headStart: .zero),
            PhotoFinish.Entry(
                seat: try #require(await table.view(for: ann.id)?.viewer), elapsed: .milliseconds(260),
                reaction: .milliseconds(250), allowance: .milliseconds(20), headStart: .zero),
        ])
        for socket in [ann.socket, bob.socket, cat] {
            #expect(try await socket.waitFor("the photo finish", Self.isPhotoFinish) == .photoFinish(expected))
            // Right after the call's timing, before the cards move.
            let packets = socket.frames.map(\.packet)
            let timing = try #require(packets.firstIndex { if case .callTiming = $0 { true } else { false } })
            let finish = try #require(packets.firstIndex(where: Self.isPhotoFinish))
            #expect(packets[timing + 1..<finish].allSatisfy {
                if case .playerCalledSnap(_, .tooLate) = $0 { true } else { false }
            })
            #expect(packets[timing] == .callTiming(seat: expected.entries[0].seat, reaction: 230_000, margin: 20_000))
        }
        await server.stop()
    }

    @Test func anOlderClientIsSentNoPhotoFinish() async throws {
        let (server, ann, _, cat, _) = try await Self.closeRace(watcherVersion: 8)
        try await ann.socket.waitFor("the photo finish", Self.isPhotoFinish)
        try await cat.waitFor("the timing") { if case .callTiming = $0 { true } else { false } }
        try await Judging.synced(cat)
        #expect(!cat.frames.contains { Self.isPhotoFinish($0.packet) })
        await server.stop()
    }

    @Test func theStoredRoundReplaysItsPhotoFinish() async throws {
        let store = InMemoryGameStore()
        let (server, ann, bob, _, _) = try await Self.closeRace(store: store, watcherVersion: classicProtocolVersion)
        let sent = try await ann.socket.waitFor("the photo finish", Self.isPhotoFinish)
        // Bob leaves: Ann holds every card and the round is over and stored.
        await bob.socket.send(.clientQuit)
        try await ann.socket.waitFor("the winner") { if case .roundWon = $0 { true } else { false } }
        try await server.wait("the stored round") { (try? await store.rounds(player: nil, before: nil, limit: 1).first) != nil }
        await server.stop()
        let summary = try #require(try await store.rounds(player: nil, before: nil, limit: 1).first)
        let record = try #require(try await store.round(id: summary.id))
        let moments = try RoundReplayFrames.moments(of: try RoundLog(bytes: record.log))
        #expect(moments.flatMap(\.packets).filter(Self.isPhotoFinish) == [sent])
    }
}
