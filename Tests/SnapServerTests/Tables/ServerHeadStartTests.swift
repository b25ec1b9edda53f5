import Foundation
import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing

@testable import SnapServer

/// Head starts on a whole server in process: the host gives one with SetHeadStart, every version 6 player hears
/// HeadStarts after TableSettings, an older one only TableSettings, and every refusal is the rules' own.
@Suite struct ServerHeadStartTests {
    typealias Helpers = ServerQuickRoundTests

    @Test func theHostGivesAHeadStartAndEveryoneWhoCanReadItIsTold() async throws {
        let (server, clock) = Helpers.start(TableSettings())
        let ann = try await Helpers.signIn("Ann", on: server)
        let bob = try await Helpers.signIn("Bob", on: server, version: 5)
        let code = try await Helpers.seat(ann, bob)
        // A newcomer speaking version 6 is told the head starts straight after the settings.
        let packets = ann.socket.frames.map(\.packet)
        let settings = try #require(packets.lastIndex { if case .tableSettings = $0 { true } else { false } })
        #expect(packets[settings + 1] == .headStarts(milliseconds: [0, 0, 0, 0]))

        await ann.socket.send(.setHeadStart(seat: .top, milliseconds: 200))
        try await ann.socket.waitFor("the head start") { $0 == .headStarts(milliseconds: [0, 0, 200, 0]) }
        // Bob (version 5) hears the settings again, and never a packet of version 6.
        try await bob.socket.waitFor("the settings") { $0 == .tableSettings(roundSeconds: 0, turnSeconds: 0) }
        try await Helpers.synced(bob.socket)
        #expect(!bob.socket.frames.contains { $0.packet.type.sinceVersion > 5 })

        let table = try #require(await server.table(code))
        #expect(await table.view(for: ann.id)?.settings.headStarts == [.top: .milliseconds(200)])
        // A change of the round's length keeps the head start.
        await ann.socket.send(.changeSettings(roundSeconds: 180, turnSeconds: 8))
        try await ann.socket.waitFor("the round's length") { $0 == .tableSettings(roundSeconds: 180, turnSeconds: 8) }
        try await ann.socket.waitFor("the head start kept") { $0 == .headStarts(milliseconds: [0, 0, 200, 0]) }

        _ = try await Helpers.play(ann, clock)
        await ann.socket.send(.setHeadStart(seat: .top, milliseconds: 0))
        _ = try await ann.socket.waitForError(TableError.roundUnderWay.rawValue)
        #expect(await table.view(for: ann.id)?.settings.headStart(for: .top) == .milliseconds(200))
        await server.stop()
    }

    @Test func aHeadStartIsRefusedToAGuestOutsideTheChoicesAndForAnEmptySeat() async throws {
        let (server, _) = Helpers.start(TableSettings())
        let ann = try await Helpers.signIn("Ann", on: server)
        let bob = try await Helpers.signIn("Bob", on: server)
        try await Helpers.seat(ann, bob)
        await bob.socket.send(.setHeadStart(seat: .top, milliseconds: 500))
        #expect(try await bob.socket.waitForError(TableError.notHost.rawValue) == "Only the host can do that.")
        for (seat, milliseconds): (Seat, UInt16) in [(.top, 150), (.top, 1_000), (.left, 100)] {
            await ann.socket.send(.setHeadStart(seat: seat, milliseconds: milliseconds))
            let message = try await ann.socket.waitForError(TableError.badSettings.rawValue)
            #expect(message.contains("head start"), "\(seat) \(milliseconds)")
        }
        await server.stop()
    }
}
