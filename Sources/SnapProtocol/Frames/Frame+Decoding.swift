import SnapCore

extension Frame {
    /// Reads one frame from the bytes of one WebSocket message, strictly and all or nothing.
    ///
    /// The checks come in this order: the size (``ProtocolError/oversized(size:)``), the header
    /// (``ProtocolError/truncatedHeader(size:)``, ``ProtocolError/badMagic``, ``ProtocolError/unknownType(_:)``),
    /// then every field of the payload in byte order, then ``ProtocolError/trailingBytes(count:)``.
    /// Any input either gives a whole frame or throws; nothing traps.
    public static func decode(_ bytes: some Collection<UInt8>) throws(ProtocolError) -> Frame {
        let size = bytes.count
        guard size <= Wire.maximumPacketSize else { throw .oversized(size: size) }
        var reader = ByteReader(Array(bytes))
        let frame = try read(from: &reader)
        try reader.finish()
        return frame
    }

    /// Reads every frame of one WebSocket message from a server speaking protocol version 10 or later to a client
    /// of that version: packets back to back, each with its header (docs/PROTOCOL.md, "Fewer, fuller messages").
    /// All or nothing, with ``decode(_:)``'s checks for each packet in turn; an empty message is truncated.
    public static func decodeMessage(_ bytes: some Collection<UInt8>) throws(ProtocolError) -> [Frame] {
        let size = bytes.count
        guard size <= Wire.maximumPacketSize else { throw .oversized(size: size) }
        var reader = ByteReader(Array(bytes))
        var frames = [Frame]()
        repeat {
            frames.append(try read(from: &reader))
        } while reader.remaining > 0
        return frames
    }

    /// Reads one frame from where `reader` stands: its header, then its payload.
    private static func read(from reader: inout ByteReader) throws(ProtocolError) -> Frame {
        guard reader.remaining >= Wire.headerSize else { throw .truncatedHeader(size: reader.remaining) }
        for byte in Wire.magic {
            guard try reader.u8("magic") == byte else { throw .badMagic }
        }
        let number = try reader.u32("number")
        let typeNumber = try reader.u16("type")
        guard let type = PacketType(rawValue: typeNumber) else { throw .unknownType(typeNumber) }
        let packet = try Packet.readPayload(of: type, from: &reader)
        return Frame(number: number == Wire.unnumbered ? nil : number, packet: packet)
    }
}

extension Packet {
    /// Reads the payload of a packet of `type`; the caller checks that nothing is left over.
    static func readPayload(of type: PacketType, from reader: inout ByteReader) throws(ProtocolError) -> Packet {
        // Only built when a field is wrong: field names are autoclosures.
        var name: String { type.name }
        switch type {
        case .signInRequest: return .signInRequest
        case .clientReady: return .clientReady
        case .clientDealtCards: return .clientDealtCards
        case .clientTurnedCard: return .clientTurnedCard
        case .clientQuit: return .clientQuit
        case .listTables: return .listTables
        case .addComputer: return .addComputer
        case .startRound: return .startRound
        case .resyncRequest: return .resyncRequest
        case .dealFinished: return .dealFinished
        case .resumed: return .resumed
        case .roundAbandoned: return .roundAbandoned
        case .timeUp: return .timeUp
        case .signInResponse:
            return .signInResponse(name: try reader.string("\(name).name"))
        case .serverReady:
            let players = try reader.list("\(name).players", limit: Wire.maximumPlayers) {
                (reader, index) throws(ProtocolError) in
                var field: String { "\(name).players[\(index)]" }
                return WirePlayer(
                    id: PlayerID(try reader.string("\(field).id")),
                    name: try reader.string("\(field).name"),
                    seat: try reader.seat("\(field).seat"))
            }
            return .serverReady(players: players)
        case .dealCards:
            let round = try reader.u16("\(name).round")
            let startingSeat = try reader.seat("\(name).startingSeat")
            let counts = try reader.list("\(name).counts", limit: Wire.maximumPlayers) {
                (reader, index) throws(ProtocolError) in
                SeatCount(
                    seat: try reader.seat("\(name).counts[\(index)].seat"),
                    count: try reader.number("\(name).counts[\(index)].count", limit: Wire.maximumCards))
            }
            return .dealCards(round: round, startingSeat: startingSeat, counts: counts)
        case .activatePlayer:
            return .activatePlayer(id: PlayerID(try reader.string("\(name).id")))
        case .playerShouldSnap:
            return .playerShouldSnap(id: PlayerID(try reader.string("\(name).id")))
        case .playerCalledSnap:
            let id = PlayerID(try reader.string("\(name).id"))
            let verdict: WireVerdict
            switch try reader.u8("\(name).verdict") {
            case 1: verdict = .wrong
            case 2: verdict = .tooLate
            case 3:
                let matching = try reader.list("\(name).matching", limit: Wire.maximumPlayers) {
                    (reader, index) throws(ProtocolError) in
                    PlayerID(try reader.string("\(name).matching[\(index)]"))
                }
                verdict = .correct(matching: matching)
            case 4: verdict = .falseStart
            case let other: throw .invalidValue(field: "\(name).verdict", value: Int(other))
            }
            return .playerCalledSnap(id: id, verdict: verdict)
        case .otherClientQuit:
            let id = PlayerID(try reader.string("\(name).id"))
            let seats = try reader.list("\(name).handedOutTo", limit: Wire.maximumHandOuts) {
                (reader, index) throws(ProtocolError) in
                try reader.seat("\(name).handedOutTo[\(index)]")
            }
            return .otherClientQuit(id: id, handedOutTo: seats)
        case .serverQuit:
            return .serverQuit(reason: try reader.string("\(name).reason"))
        case .welcome:
            return .welcome(
                version: try reader.u8("\(name).version"),
                id: PlayerID(try reader.string("\(name).id")),
                token: try reader.string("\(name).token"))
        case .tableList:
            let tables = try reader.list("\(name).tables", limit: Int(UInt8.max)) {
                (reader, index) throws(ProtocolError) in
                var field: String { "\(name).tables[\(index)]" }
                return TableSummary(
                    code: try reader.string("\(field).code"),
                    hostName: try reader.string("\(field).hostName"),
                    players: try reader.number("\(field).players", limit: Wire.maximumPlayers),
                    seatsFree: try reader.number("\(field).seatsFree", limit: Wire.maximumPlayers),
                    roundUnderWay: try reader.bool("\(field).roundUnderWay"))
            }
            return .tableList(tables)
        case .hostTable:
            return .hostTable(solo: try reader.bool("\(name).solo"))
        case .joinTable:
            return .joinTable(code: try reader.string("\(name).code"))
        case .tableJoined:
            return .tableJoined(code: try reader.string("\(name).code"), seat: try reader.seat("\(name).seat"))
        case .ping:
            return .ping(try reader.u64("\(name).value"))
        case .pong:
            return .pong(try reader.u64("\(name).value"))
        case .snapshot:
            return .snapshot(try PlayerView.read(from: &reader))
        case .reconnect:
            return .reconnect(token: try reader.string("\(name).token"))
        case .error:
            return .error(code: try reader.u16("\(name).code"), message: try reader.string("\(name).message"))
        case .cardTurned:
            return .cardTurned(seat: try reader.seat("\(name).seat"), card: try reader.card("\(name).card"))
        case .playerJoined:
            let seat = try reader.seat("\(name).seat")
            let id = PlayerID(try reader.string("\(name).id"))
            let playerName = try reader.string("\(name).name")
            let isComputer = try reader.bool("\(name).isComputer")
            return .playerJoined(seat: seat, player: PlayerInfo(id: id, name: playerName, isComputer: isComputer))
        case .seatsRearranged:
            let moves = try reader.list("\(name).moves", limit: Wire.maximumPlayers) {
                (reader, index) throws(ProtocolError) in
                SeatMove(
                    from: try reader.seat("\(name).moves[\(index)].from"),
                    to: try reader.seat("\(name).moves[\(index)].to"))
            }
            return .seatsRearranged(moves)
        case .hostChanged:
            return .hostChanged(try reader.optionalSeat("\(name).seat"))
        case .recycled:
            return .recycled(
                seat: try reader.seat("\(name).seat"),
                count: try reader.number("\(name).count", limit: Wire.maximumCards))
        case .pileCollected:
            return .pileCollected(
                from: try reader.seat("\(name).from"),
                to: try reader.seat("\(name).to"),
                count: try reader.number("\(name).count", limit: Wire.maximumCards))
        case .openPileTurnedUnder:
            return .openPileTurnedUnder(
                seat: try reader.seat("\(name).seat"),
                count: try reader.number("\(name).count", limit: Wire.maximumCards))
        case .cardPaid:
            return .cardPaid(from: try reader.seat("\(name).from"), to: try reader.seat("\(name).to"))
        case .playerOut:
            return .playerOut(try reader.seat("\(name).seat"))
        case .roundWon:
            return .roundWon(seat: try reader.seat("\(name).seat"), gamesWon: try reader.u16("\(name).gamesWon"))
        case .playerConnection:
            return .playerConnection(
                seat: try reader.seat("\(name).seat"), connected: try reader.bool("\(name).connected"))
        case .hello:
            let version = try reader.u8("\(name).version")
            guard version >= 1 else { throw .invalidValue(field: "\(name).version", value: 0) }
            return .hello(version: version)
        case .callSnap:
            return .callSnap(reaction: try reader.microseconds("\(name).reaction"))
        case .callTiming:
            let seat = try reader.seat("\(name).seat")
            let reaction = try reader.microseconds("\(name).reaction")
            return .callTiming(seat: seat, reaction: reaction, margin: try reader.margin("\(name).margin"))
        case .changeSettings:
            return .changeSettings(
                roundSeconds: try reader.u16("\(name).round"), turnSeconds: try reader.u8("\(name).turn"))
        case .tableSettings:
            return .tableSettings(
                roundSeconds: try reader.u16("\(name).round"), turnSeconds: try reader.u8("\(name).turn"))
        case .roundClock:
            return .roundClock(remaining: try reader.u32("\(name).remaining"))
        case .turnClock:
            return .turnClock(seat: try reader.seat("\(name).seat"), remaining: try reader.u32("\(name).remaining"))
        case .suddenDeath:
            return .suddenDeath(
                try reader.list("\(name).seats", limit: Wire.maximumPlayers) { reader, index throws(ProtocolError) in
                    try reader.seat("\(name).seats[\(index)]")
                })
        case .watchTable:
            return .watchTable(code: try reader.string("\(name).code"))
        case .tableWatched:
            return .tableWatched(code: try reader.string("\(name).code"))
        case .watcherCount:
            return .watcherCount(try reader.u16("\(name).count"))
        case .tableClosed:
            return .tableClosed(reason: try reader.string("\(name).reason"))
        case .redirect:
            let url = try reader.string("\(name).url")
            guard NodeURL.isValid(url) else { throw .badURL(field: "\(name).url") }
            return .redirect(url: url, code: try reader.string("\(name).code"))
        case .setHeadStart:
            let seat = try reader.seat("\(name).seat")
            return .setHeadStart(seat: seat, milliseconds: try reader.u16("\(name).milliseconds"))
        case .headStarts:
            var milliseconds = [UInt16]()
            for seat in Seat.allCases { milliseconds.append(try reader.u16("\(name).milliseconds[\(seat.rawValue)]")) }
            return .headStarts(milliseconds: milliseconds)
        case .tableAccess, .setTableAccess:
            let flags = try reader.u8("\(name).flags")
            guard TableSettings.isValidAccess(flags) else { throw .invalidValue(field: "\(name).flags", value: Int(flags)) }
            return type == .tableAccess ? .tableAccess(flags: flags) : .setTableAccess(flags: flags)
        case .removePlayer:
            return .removePlayer(seat: try reader.seat("\(name).seat"))
        case .startRoundWithDeal, .roundDeal:
            let code = try reader.dealCode("\(name).deal")
            return type == .roundDeal ? .roundDeal(code) : .startRoundWithDeal(code)
        case .photoFinish:
            return .photoFinish(try reader.photoFinish(name))
        case .networkTimeRequest:
            return .networkTimeRequest(seat: try reader.seat("\(name).seat"))
        case .networkTime:
            return .networkTime(try reader.networkTime(name))
        case .turn:
            return .turn(seat: try reader.seat("\(name).seat"))
        case .snapJudged:
            let call = try reader.call("\(name).call")
            // Only the judged call has a timing: a call too late, or a false start, is still PlayerCalledSnap.
            guard call.verdict.stopsTheTable else {
                throw .invalidValue(field: "\(name).call.verdict", value: Int(call.verdict.code))
            }
            let reaction = try reader.microseconds("\(name).reaction")
            return .snapJudged(call, reaction: reaction, margin: try reader.margin("\(name).margin"))
        }
    }
}

extension ByteReader {
    /// A call's margin in microseconds: at most ``Wire/maximumReaction``, or `FFFFFFFF` (nil) for "nobody else
    /// called in time".
    fileprivate mutating func margin(_ field: @autoclosure () -> String) throws(ProtocolError) -> UInt32? {
        let margin = try u32(field())
        guard margin == Wire.noMargin || margin <= Wire.maximumReaction else {
            throw .invalidValue(field: field(), value: Int(margin))
        }
        return margin == Wire.noMargin ? nil : margin
    }
}
