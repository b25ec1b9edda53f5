import SnapCore
import SnapProtocol
import Testing

/// Every way a packet can be malformed gets its own typed error, naming the field.
@Suite struct MalformedPacketTests {
    // MARK: Header

    @Test func tooLargeIsRefusedBeforeAnythingElse() {
        #expect(decodingError(Array(repeating: 0, count: 5000)) == .oversized(size: 5000))
        let justTooLarge = packet(.serverQuit, Array(repeating: 0x41, count: Wire.maximumPacketSize - 10) + [0])
        #expect(decodingError(justTooLarge) == .oversized(size: Wire.maximumPacketSize + 1))
        let largest = packet(.signInRequest, Array(repeating: 0, count: Wire.maximumPacketSize - 10))
        #expect(decodingError(largest) == .trailingBytes(count: Wire.maximumPacketSize - 10))
    }

    @Test func fewerThanTenBytesIsATruncatedHeader() {
        let valid = Frame(number: 1, packet: .clientReady).encoded()
        for size in 0..<Wire.headerSize {
            #expect(decodingError(Array(valid.prefix(size))) == .truncatedHeader(size: size))
        }
    }

    @Test func wrongMagicIsRefused() {
        for magic in ["SNAQ", "snap", "PANS", "\0\0\0\0"] {
            #expect(decodingError(Array(magic.utf8) + [0, 0, 0, 1, 0, 0x64]) == .badMagic)
        }
    }

    @Test func unknownTypesAreRefused() {
        for type: UInt16 in [0, 0x63, 0xA7, 0x100, 0xFFFF] {
            let bytes = Wire.magic + [0, 0, 0, 1, UInt8(type >> 8), UInt8(type & 0xFF)]
            #expect(decodingError(bytes) == .unknownType(type))
        }
    }

    // MARK: Payload length

    @Test func everyPrefixOfEverySamplePacketThrows() {
        for frame in Samples.frames {
            let bytes = frame.encoded()
            for size in 0..<bytes.count {
                let error = decodingError(Array(bytes.prefix(size)))
                switch error {
                case .truncatedHeader, .truncated, .missingNul: break
                default: Issue.record("\(frame.packet.name) cut to \(size) bytes gave \(String(describing: error))")
                }
            }
        }
    }

    @Test func truncationNamesTheField() {
        #expect(decodingError(packet(.dealCards, [0])) == .truncated(field: "DealCards.round"))
        #expect(decodingError(packet(.ping, [1, 2, 3, 4, 5, 6, 7])) == .truncated(field: "Ping.value"))
        #expect(decodingError(packet(.cardTurned, [2, 1])) == .truncated(field: "CardTurned.card.value"))
        #expect(decodingError(packet(.signInResponse, [])) == .truncated(field: "SignInResponse.name"))
    }

    @Test func countsPastTheEndAreTruncated() {
        let oneOfThree = packet(.serverReady, [3] + str("p1") + str("Ann") + [0])
        #expect(decodingError(oneOfThree) == .truncated(field: "ServerReady.players[1].id"))
        #expect(
            decodingError(packet(.seatsRearranged, [2, 0, 1])) == .truncated(field: "SeatsRearranged.moves[1].from"))
        #expect(
            decodingError(packet(.otherClientQuit, str("p") + [9, 0, 1]))
                == .truncated(field: "OtherClientQuit.handedOutTo[2]"))
    }

    @Test func bytesAfterThePayloadAreRefused() {
        #expect(decodingError(Frame(number: 1, packet: .resumed).encoded() + [0]) == .trailingBytes(count: 1))
        let frame = Frame(number: 1, packet: .snapshot(Samples.midRoundView))
        #expect(decodingError(frame.encoded() + [1, 2, 3]) == .trailingBytes(count: 3))
    }

    // MARK: Strings

    @Test func aStringWithoutNulIsRefused() {
        #expect(decodingError(packet(.signInResponse, Array("Ann".utf8))) == .missingNul(field: "SignInResponse.name"))
        #expect(
            decodingError(packet(.welcome, [1] + str("p1") + Array("tok".utf8))) == .missingNul(field: "Welcome.token"))
    }

    @Test func badUTF8IsRefused() {
        let bad: [[UInt8]] = [[0xC3, 0x28], [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0x80]]
        for bytes in bad {
            #expect(decodingError(packet(.joinTable, bytes + [0])) == .badUTF8(field: "JoinTable.code"))
        }
        let player = packet(.serverReady, [2] + str("p1") + str("Ann") + [0] + str("p2") + [0xFE, 0] + [1])
        #expect(decodingError(player) == .badUTF8(field: "ServerReady.players[1].name"))
    }

    @Test func stringsLongerThanTheLimitAreRefused() throws {
        let longest = String(repeating: "a", count: Wire.maximumStringBytes)
        #expect(try Frame.decode(packet(.serverQuit, str(longest))).packet == .serverQuit(reason: longest))
        let tooLong = packet(.serverQuit, str(longest + "a"))
        #expect(decodingError(tooLong) == .stringTooLong(field: "ServerQuit.reason", limit: Wire.maximumStringBytes))
        let tooLongWithoutNul = packet(.serverQuit, Array(repeating: 0x61, count: 300))
        #expect(decodingError(tooLongWithoutNul) == .stringTooLong(field: "ServerQuit.reason", limit: 255))
    }

    // MARK: Values

    @Test func seatsOutsideZeroToThreeAreRefused() {
        #expect(decodingError(packet(.cardTurned, [7, 0, 1])) == .invalidValue(field: "CardTurned.seat", value: 7))
        #expect(decodingError(packet(.playerOut, [0xFF])) == .invalidValue(field: "PlayerOut.seat", value: 255))
        #expect(decodingError(packet(.hostChanged, [4])) == .invalidValue(field: "HostChanged.seat", value: 4))
        #expect(
            decodingError(packet(.tableJoined, str("K") + [5])) == .invalidValue(field: "TableJoined.seat", value: 5))
        #expect(
            decodingError(packet(.serverReady, [1] + str("p") + str("P") + [4]))
                == .invalidValue(field: "ServerReady.players[0].seat", value: 4))
    }

    @Test func noSeatIsOnlyAllowedWhereTheFieldIsOptional() throws {
        #expect(try Frame.decode(packet(.hostChanged, [0xFF])).packet == .hostChanged(nil))
        #expect(decodingError(packet(.cardPaid, [0, 0xFF])) == .invalidValue(field: "CardPaid.to", value: 255))
    }

    @Test func cardsWithABadSuitOrValueAreRefused() {
        #expect(
            decodingError(packet(.cardTurned, [1, 9, 5])) == .invalidValue(field: "CardTurned.card.suit", value: 9))
        #expect(
            decodingError(packet(.cardTurned, [1, 2, 0])) == .invalidValue(field: "CardTurned.card.value", value: 0))
        #expect(
            decodingError(packet(.cardTurned, [1, 2, 14])) == .invalidValue(field: "CardTurned.card.value", value: 14))
    }

    @Test func verdictsOtherThanOneToFourAreRefused() {
        for verdict: UInt8 in [0, 5, 0xFF] {
            #expect(
                decodingError(packet(.playerCalledSnap, str("p1") + [verdict]))
                    == .invalidValue(field: "PlayerCalledSnap.verdict", value: Int(verdict)))
        }
    }

    @Test func aCorrectCallListsAtMostFourMatchingPlayers() {
        let five = packet(.playerCalledSnap, str("p1") + [3, 5] + (1...5).flatMap { str("p\($0)") })
        #expect(decodingError(five) == .countOutOfRange(field: "PlayerCalledSnap.matching", count: 5))
        #expect(
            decodingError(packet(.playerCalledSnap, str("p1") + [3])) == .truncated(field: "PlayerCalledSnap.matching"))
    }

    @Test func reactionTimesAndMarginsAboveAMinuteAreRefused() {
        let tooLong: [UInt8] = [0x03, 0x93, 0x87, 0x01]  // 60,000,001 µs
        #expect(decodingError(packet(.callSnap, tooLong)) == .invalidValue(field: "CallSnap.reaction", value: 60_000_001))
        #expect(
            decodingError(packet(.callTiming, [1] + tooLong + [0, 0, 0, 0]))
                == .invalidValue(field: "CallTiming.reaction", value: 60_000_001))
        #expect(
            decodingError(packet(.callTiming, [1, 0, 0, 0, 0] + tooLong))
                == .invalidValue(field: "CallTiming.margin", value: 60_000_001))
        #expect(decodingError(packet(.callSnap, [0, 0, 1])) == .truncated(field: "CallSnap.reaction"))
        #expect(decodingError(packet(.hello, [0])) == .invalidValue(field: "Hello.version", value: 0))
    }

    @Test func aMarginOfAllOnesMeansNobodyElseCalled() throws {
        let frame = try Frame.decode(packet(.callTiming, [2, 0, 0, 0, 5, 0xFF, 0xFF, 0xFF, 0xFF]))
        #expect(frame.packet == .callTiming(seat: .top, reaction: 5, margin: nil))
    }

    @Test func booleansOtherThanZeroOrOneAreRefused() {
        #expect(decodingError(packet(.hostTable, [2])) == .invalidValue(field: "HostTable.solo", value: 2))
        #expect(
            decodingError(packet(.playerConnection, [1, 0x80]))
                == .invalidValue(field: "PlayerConnection.connected", value: 128))
        #expect(
            decodingError(packet(.playerJoined, [0] + str("p") + str("P") + [7]))
                == .invalidValue(field: "PlayerJoined.isComputer", value: 7))
    }

    @Test func countsAboveTheirLimitAreRefused() {
        #expect(decodingError(packet(.serverReady, [5])) == .countOutOfRange(field: "ServerReady.players", count: 5))
        #expect(
            decodingError(packet(.seatsRearranged, [9])) == .countOutOfRange(field: "SeatsRearranged.moves", count: 9))
        #expect(
            decodingError(packet(.dealCards, [0, 1, 0, 5])) == .countOutOfRange(field: "DealCards.counts", count: 5))
        #expect(
            decodingError(packet(.otherClientQuit, str("p") + [53]))
                == .countOutOfRange(field: "OtherClientQuit.handedOutTo", count: 53))
    }

    @Test func cardCountsAboveADeckAreRefused() {
        #expect(decodingError(packet(.recycled, [0, 53])) == .invalidValue(field: "Recycled.count", value: 53))
        #expect(
            decodingError(packet(.pileCollected, [0, 1, 200]))
                == .invalidValue(field: "PileCollected.count", value: 200))
        #expect(
            decodingError(packet(.dealCards, [0, 1, 0, 1, 2, 60]))
                == .invalidValue(field: "DealCards.counts[0].count", value: 60))
        #expect(
            decodingError(packet(.tableList, [1] + str("K") + str("H") + [5, 0, 0]))
                == .invalidValue(field: "TableList.tables[0].players", value: 5))
    }

    // MARK: Snapshot

    /// A snapshot's bytes up to the seats: viewer, phase, winner, round, host, starting seat, active, hasTurned.
    static func snapshotHead(phase: UInt8 = 2, winner: UInt8 = 0xFF) -> [UInt8] {
        [0, phase, winner, 0, 1, 0, 0, 1, 0]
    }

    /// One present seat with `closed` closed cards and `open` open cards.
    static func seat(closed: UInt8, open: [UInt8]) -> [UInt8] {
        [1] + str("p") + str("P") + [0, closed, 0, 0, UInt8(open.count / 2)] + open
    }

    @Test func snapshotPhaseAndWinnerAreChecked() throws {
        #expect(
            decodingError(packet(.snapshot, Self.snapshotHead(phase: 5)))
                == .invalidValue(field: "Snapshot.phase", value: 5))
        #expect(
            decodingError(packet(.snapshot, Self.snapshotHead(phase: 2, winner: 1)))
                == .invalidValue(field: "Snapshot.winner", value: 1))
        #expect(
            decodingError(packet(.snapshot, Self.snapshotHead(phase: 3, winner: 6)))
                == .invalidValue(field: "Snapshot.winner", value: 6))
        let over = packet(.snapshot, Self.snapshotHead(phase: 3, winner: 2) + [0, 0, 0, 0, 0, 0])
        guard case .snapshot(let view) = try Frame.decode(over).packet else { Issue.record("not a Snapshot"); return }
        #expect(view.phase == .roundOver(winner: .top))
    }

    @Test func quickRoundPacketsAreChecked() {
        #expect(
            decodingError(packet(.suddenDeath, [5, 0, 1, 2, 3, 0]))
                == .countOutOfRange(field: "SuddenDeath.seats", count: 5))
        #expect(
            decodingError(packet(.suddenDeath, [2, 0, 4]))
                == .invalidValue(field: "SuddenDeath.seats[1]", value: 4))
        #expect(
            decodingError(packet(.turnClock, [4, 0, 0, 0, 1])) == .invalidValue(field: "TurnClock.seat", value: 4))
        #expect(decodingError(packet(.changeSettings, [1, 0x2C])) == .truncated(field: "ChangeSettings.turn"))
        #expect(decodingError(packet(.roundClock, [0, 0, 1])) == .truncated(field: "RoundClock.remaining"))
        #expect(decodingError(packet(.timeUp, [0])) == .trailingBytes(count: 1))
    }

    @Test func watchingPacketsAreChecked() {
        #expect(decodingError(packet(.watchTable, [])) == .truncated(field: "WatchTable.code"))
        #expect(decodingError(packet(.watchTable, Array("KXPT".utf8))) == .missingNul(field: "WatchTable.code"))
        #expect(decodingError(packet(.tableWatched, [0xC3, 0x28, 0])) == .badUTF8(field: "TableWatched.code"))
        #expect(decodingError(packet(.watcherCount, [0])) == .truncated(field: "WatcherCount.count"))
        #expect(decodingError(packet(.watcherCount, [0, 1, 2])) == .trailingBytes(count: 1))
        #expect(decodingError(packet(.tableClosed, Array("gone".utf8))) == .missingNul(field: "TableClosed.reason"))
        #expect(decodingError(packet(.tableClosed, str("gone") + [0])) == .trailingBytes(count: 1))
    }

    @Test func photoFinishesAreChecked() {
        func call(_ seat: UInt8, _ elapsed: UInt32, _ reaction: UInt32, _ headStart: UInt16 = 0) -> [UInt8] {
            [seat] + u32(elapsed) + u32(reaction) + u32(10_000) + [UInt8(headStart >> 8), UInt8(headStart & 0xFF)]
        }
        let fine = call(0, 90_000, 80_000) + call(2, 100_000, 95_000)
        #expect(decodingError(packet(.photoFinish, [2] + fine)) == nil)
        #expect(
            decodingError(packet(.photoFinish, [1] + call(0, 90_000, 80_000)))
                == .countOutOfRange(field: "PhotoFinish.calls", count: 1))
        #expect(
            decodingError(packet(.photoFinish, [5] + fine + fine + call(1, 1, 1)))
                == .countOutOfRange(field: "PhotoFinish.calls", count: 5))
        #expect(
            decodingError(packet(.photoFinish, [2] + call(0, 90_000, 80_000) + call(0, 100_000, 95_000)))
                == .invalidValue(field: "PhotoFinish.calls.seat", value: 0))
        #expect(
            decodingError(packet(.photoFinish, [2] + call(0, 90_000, 90_001) + call(2, 100_000, 95_000)))
                == .invalidValue(field: "PhotoFinish.calls[0].reaction", value: 90_001))
        #expect(
            decodingError(packet(.photoFinish, [2] + call(0, 90_000, 80_000, 150) + call(2, 100_000, 95_000)))
                == .invalidValue(field: "PhotoFinish.calls[0].headStart", value: 150))
        #expect(
            decodingError(packet(.photoFinish, [2] + call(0, 60_000_001, 80_000) + call(2, 100_000, 95_000)))
                == .invalidValue(field: "PhotoFinish.calls[0].elapsed", value: 60_000_001))
        #expect(
            decodingError(packet(.photoFinish, [2] + call(0, 90_000, 80_000) + [4]))
                == .invalidValue(field: "PhotoFinish.calls[1].seat", value: 4))
        #expect(
            decodingError(packet(.photoFinish, [2] + call(0, 90_000, 80_000) + [1, 0]))
                == .truncated(field: "PhotoFinish.calls[1].elapsed"))
    }

    @Test func networkTimesAreChecked() {
        #expect(decodingError(packet(.networkTimeRequest, [4])) == .invalidValue(field: "NetworkTimeRequest.seat", value: 4))
        #expect(decodingError(packet(.networkTimeRequest, [1, 0])) == .trailingBytes(count: 1))
        #expect(decodingError(packet(.networkTime, [1, 0] + u32(40_000) + u32(60_000) + [16])) == nil)
        #expect(
            decodingError(packet(.networkTime, [1, 4] + u32(0) + u32(0) + [0]))
                == .invalidValue(field: "NetworkTime.source", value: 4))
        #expect(
            decodingError(packet(.networkTime, [1, 3] + u32(40_000) + u32(0) + [0]))
                == .invalidValue(field: "NetworkTime.median", value: 40_000))
        #expect(
            decodingError(packet(.networkTime, [1, 0] + u32(60_000_001) + u32(0) + [1]))
                == .invalidValue(field: "NetworkTime.median", value: 60_000_001))
        #expect(decodingError(packet(.networkTime, [1, 0] + u32(1) + u32(1))) == .truncated(field: "NetworkTime.samples"))
    }

    private func u32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    @Test func redirectsCarryANodeURLThenACode() throws {
        let url = "ws://10.0.0.7:8080/ws"
        #expect(decodingError(packet(.redirect, [])) == .truncated(field: "Redirect.url"))
        #expect(decodingError(packet(.redirect, str(url))) == .truncated(field: "Redirect.code"))
        #expect(decodingError(packet(.redirect, str(url) + Array("KQJT".utf8))) == .missingNul(field: "Redirect.code"))
        #expect(decodingError(packet(.redirect, str(url) + str("KQJT") + [0])) == .trailingBytes(count: 1))
        #expect(decodingError(packet(.redirect, [0xC3, 0x28, 0] + str("KQJT"))) == .badUTF8(field: "Redirect.url"))
        let tooLong = "ws://" + String(repeating: "a", count: Wire.maximumStringBytes)
        #expect(
            decodingError(packet(.redirect, str(tooLong) + str("KQJT")))
                == .stringTooLong(field: "Redirect.url", limit: Wire.maximumStringBytes))
        for bad in [
            "", "http://10.0.0.7:8080/ws", "ws:/10.0.0.7/ws", "ws://", "ws:///ws", "ws://:8080/ws", "WS://host/ws",
            "ws://host name/ws", "ws://host/\u{7}", "ws://hôte/ws", "10.0.0.7:8080",
        ] {
            #expect(decodingError(packet(.redirect, str(bad) + str("KQJT"))) == .badURL(field: "Redirect.url"), "\(bad)")
        }
        let longest = "wss://" + String(repeating: "a", count: Wire.maximumStringBytes - 6)
        for good in [url, "wss://snap.example.org/ws", "ws://[::1]:8080/ws", "ws://node-b", longest] {
            #expect(try Frame.decode(packet(.redirect, str(good) + str("KQJT"))).packet == .redirect(url: good, code: "KQJT"))
        }
    }

    @Test func snapshotPilesAndCallsAreBounded() {
        let open53 = Array(repeating: [UInt8](arrayLiteral: 0, 1), count: 53).flatMap { $0 }
        #expect(
            decodingError(packet(.snapshot, Self.snapshotHead() + Self.seat(closed: 0, open: open53)))
                == .countOutOfRange(field: "Snapshot.seats[0].open", count: 53))
        #expect(
            decodingError(packet(.snapshot, Self.snapshotHead() + Self.seat(closed: 53, open: [])))
                == .invalidValue(field: "Snapshot.seats[0].closedCount", value: 53))
        let twoSeatsOf30 = Self.snapshotHead() + Self.seat(closed: 30, open: []) + Self.seat(closed: 29, open: [1, 1])
        #expect(decodingError(packet(.snapshot, twoSeatsOf30)) == .countOutOfRange(field: "Snapshot.cards", count: 60))
        let noSeats: [UInt8] = [0, 0, 0, 0]
        #expect(
            decodingError(packet(.snapshot, Self.snapshotHead() + noSeats + [53]))
                == .countOutOfRange(field: "Snapshot.calls", count: 53))
        #expect(
            decodingError(packet(.snapshot, Self.snapshotHead() + noSeats + [1, 0, 3, 5]))
                == .countOutOfRange(field: "Snapshot.calls[0].matching", count: 5))
        // A stop is a judged call: never one too late or a false start, and never an unknown verdict.
        for verdict: UInt8 in [2, 4, 5] {
            #expect(
                decodingError(packet(.snapshot, Self.snapshotHead() + noSeats + [0, 1, 2, verdict]))
                    == .invalidValue(field: "Snapshot.stop.verdict", value: Int(verdict)))
        }
        #expect(
            decodingError(packet(.snapshot, Self.snapshotHead() + noSeats + [1, 8, 1]))
                == .invalidValue(field: "Snapshot.calls[0].seat", value: 8))
        #expect(
            decodingError(packet(.snapshot, Self.snapshotHead() + Self.seat(closed: 1, open: [3, 14])))
                == .invalidValue(field: "Snapshot.seats[0].open[0].value", value: 14))
        #expect(
            decodingError(packet(.snapshot, Self.snapshotHead() + [0, 0, 2]))
                == .invalidValue(field: "Snapshot.seats[2].present", value: 2))
    }

    @Test func aFullDeckInASnapshotIsFine() throws {
        let cards = Array(repeating: [UInt8](arrayLiteral: 2, 7), count: 22).flatMap { $0 }
        let bytes = packet(.snapshot, Self.snapshotHead() + Self.seat(closed: 30, open: cards) + [0, 0, 0, 0, 0])
        guard case .snapshot(let view) = try Frame.decode(bytes).packet else { Issue.record("not a Snapshot"); return }
        #expect(view.cardCount == 52)
    }

    // MARK: Messages

    @Test func errorDescriptionsNameTheField() {
        #expect(
            ProtocolError.invalidValue(field: "CardTurned.seat", value: 7).description == "CardTurned.seat cannot be 7")
        #expect(ProtocolError.unknownType(0x8D).description == "unknown packet type 0x8D")
        #expect(ProtocolError.truncated(field: "Ping.value").description.contains("Ping.value"))
    }
}
