import SnapCore
import SnapProtocol
import Testing

/// Every packet encodes to bytes that decode back to the same packet.
@Suite struct RoundTripTests {
    @Test func everySamplePacketRoundTrips() throws {
        for frame in Samples.frames {
            #expect(try Frame.decode(frame.encoded()) == frame, "\(frame.packet.name)")
        }
    }

    @Test func theSamplesCoverEveryPacketType() {
        #expect(Set(Samples.frames.map(\.packet.type)) == Set(PacketType.allCases))
    }

    @Test func theHeaderIsMagicNumberAndType() {
        let bytes = Frame(number: 0x0102_0304, packet: .cardPaid(from: .left, to: .right)).encoded()
        #expect(bytes == [0x53, 0x4E, 0x41, 0x50, 0x01, 0x02, 0x03, 0x04, 0x00, 0x87, 0x01, 0x03])
    }

    @Test func anUnnumberedFrameCarriesMinusOne() throws {
        let bytes = Frame(number: nil, packet: .clientQuit).encoded()
        #expect(Array(bytes[4..<8]) == [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(try Frame.decode(bytes).number == nil)
    }

    @Test func serverReadyKeepsTheOriginalLayout() {
        let frame = Frame(
            number: 0, packet: .serverReady(players: [WirePlayer(id: PlayerID("a"), name: "B", seat: .top)]))
        #expect(Array(frame.encoded().dropFirst(10)) == [1, 0x61, 0, 0x42, 0, 2])
    }

    @Test func aCardIsSuitThenValue() {
        let frame = Frame(number: 0, packet: .cardTurned(seat: .right, card: card(.spades, 12)))
        #expect(Array(frame.encoded().dropFirst(10)) == [3, 3, 12])
    }

    @Test func typeNumbersAndNamesAreStable() {
        #expect(PacketType.allCases.count == 67)
        #expect(PacketType.allCases.map(\.rawValue) == Array(0x64...0xA6))
        #expect(PacketType.turn.sinceVersion == 10 && PacketType.snapJudged.sinceVersion == 10)
        #expect(PacketType.headStarts.sinceVersion == 6 && PacketType.setHeadStart.sinceVersion == 6 && Wire.version >= 6)
        #expect(PacketType.tableAccess.sinceVersion == 7 && PacketType.setTableAccess.sinceVersion == 7
            && PacketType.removePlayer.sinceVersion == 7)
        #expect(PacketType.startRoundWithDeal.sinceVersion == 8 && PacketType.roundDeal.sinceVersion == 8)
        #expect(PacketType.photoFinish.sinceVersion == 9 && PacketType.networkTimeRequest.sinceVersion == 9
            && PacketType.networkTime.sinceVersion == 9 && Wire.version == 11 && Wire.falseStartsSince == 11)
        #expect(PacketType.redirect.sinceVersion == 5)
        #expect(PacketType.watchTable.sinceVersion == 4 && PacketType.watcherCount.sinceVersion == 4)
        #expect(PacketType.changeSettings.sinceVersion == 3 && PacketType.callTiming.sinceVersion == 2)
        #expect(PacketType.cardTurned.sinceVersion == 1)
        #expect(Packet.signInRequest.name == "SignInRequest")
        #expect(Packet.cardTurned(seat: .top, card: card(.clubs, 1)).name == "CardTurned")
        #expect(Packet.openPileTurnedUnder(seat: .top, count: 1).typeNumber == 0x86)
        #expect(PacketType.playerConnection.name == "PlayerConnection")
    }

    @Test func everyViewOfSeededRandomGamesRoundTrips() throws {
        var checked = 0
        for seed in UInt64(1)...40 {
            for view in Self.viewsOfRandomGame(seed: seed) {
                let frame = Frame(number: UInt32(checked), packet: .snapshot(view))
                #expect(try Frame.decode(frame.encoded()) == frame)
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }

    @Test func everyEventOfSeededRandomGamesRoundTripsAsItsPacket() throws {
        for seed in UInt64(1)...20 {
            var generator = SplitMix64(seed: seed)
            var table = Table.singlePlayer(PlayerInfo(id: PlayerID("me"), name: "Me"))
            var events = try table.startRound(by: .bottom, using: &generator)
            for _ in 0..<400 {
                let action: TableAction =
                    table.pendingStep.map { .advance($0.step) } ?? .turnCard(table.activeSeat ?? .bottom)
                events += (try? table.perform(action, using: &generator)) ?? []
                events +=
                    (try? table.perform(.callSnap(Seat.allCases.randomElement(using: &generator)!), using: &generator))
                    ?? []
            }
            for event in events {
                guard let packet = Self.packet(for: event) else { continue }
                let frame = Frame(number: 1, packet: packet)
                #expect(try Frame.decode(frame.encoded()) == frame)
            }
        }
    }

    @Test func stringsTooLongOrWithNulAreCutSoTheyStillDecode() throws {
        let long = String(repeating: "é", count: 200)  // 400 bytes
        let decoded = try Frame.decode(Frame(number: nil, packet: .serverQuit(reason: long)).encoded())
        guard case .serverQuit(let reason) = decoded.packet else { Issue.record("not a ServerQuit"); return }
        #expect(reason.utf8.count == 254)
        #expect(reason == String(repeating: "é", count: 127))
        let withNul = try Frame.decode(Frame(number: nil, packet: .joinTable(code: "AB\0CD")).encoded())
        #expect(withNul.packet == .joinTable(code: "AB"))
    }

    @Test func numbersTooWideForTheirFieldSaturate() throws {
        var view = PlayerView(viewer: .bottom)
        view.round = 70_000
        view[.bottom] = SeatView(info: PlayerInfo(id: PlayerID("a"), name: "A"), closedCount: -3, gamesWon: 1_000_000)
        guard case .snapshot(let decoded) = try Frame.decode(Frame(number: 0, packet: .snapshot(view)).encoded()).packet
        else { Issue.record("not a Snapshot"); return }
        #expect(decoded.round == 65_535)
        #expect(decoded[.bottom]?.closedCount == 0)
        #expect(decoded[.bottom]?.gamesWon == 65_535)
    }

    /// The views of every seat and of someone watching, after every action of a seeded random game.
    static func viewsOfRandomGame(seed: UInt64) -> [PlayerView] {
        var dice = SplitMix64(seed: seed)
        var generator = SplitMix64(seed: seed &* 31 &+ 7)
        var table = Table()
        var views = [PlayerView]()
        for index in 0..<Int.random(in: 2...4, using: &dice) {
            _ = try? table.join(PlayerInfo(id: PlayerID("p\(index)"), name: "P\(index)", isComputer: index == 2))
        }
        for _ in 0..<80 {
            let seat = Seat.allCases.randomElement(using: &dice)!
            let action: TableAction =
                switch Int.random(in: 0..<10, using: &dice) {
                case 0..<5: table.pendingStep.map { .advance($0.step) } ?? .turnCard(table.activeSeat ?? seat)
                case 5..<8: .callSnap(seat)
                case 8: .startRound(by: table.host ?? seat)
                default: .turnCard(seat)
                }
            _ = try? table.perform(action, using: &generator)
            views += (Seat.allCases + [nil]).map { table.view(for: $0) }
        }
        return views
    }

    /// The packet the server sends for an event, where there is one without looking anything up.
    static func packet(for event: TableEvent) -> Packet? {
        switch event {
        case .cardTurned(let seat, let card): .cardTurned(seat: seat, card: card)
        case .playerJoined(let seat, let info): .playerJoined(seat: seat, player: info)
        case .seatsRearranged(let moves): .seatsRearranged(moves)
        case .hostChanged(let seat): .hostChanged(seat)
        case .dealFinished: .dealFinished
        case .recycled(let seat, let count): .recycled(seat: seat, count: UInt8(count))
        case .pileCollected(let from, let to, let count): .pileCollected(from: from, to: to, count: UInt8(count))
        case .openPileTurnedUnder(let seat, let count): .openPileTurnedUnder(seat: seat, count: UInt8(count))
        case .cardPaid(let from, let to): .cardPaid(from: from, to: to)
        case .playerOut(let seat): .playerOut(seat)
        case .resumed: .resumed
        case .roundWon(let seat, let gamesWon): .roundWon(seat: seat, gamesWon: UInt16(gamesWon))
        case .roundAbandoned: .roundAbandoned
        case .dealt(let counts):
            .dealCards(
                round: 1, startingSeat: .bottom,
                counts: counts.sorted { $0.key < $1.key }.map { SeatCount(seat: $0.key, count: UInt8($0.value)) })
        default: nil
        }
    }
}
