import SnapCore

extension Frame {
    /// The frame's bytes: the 10-byte header (`SNAP`, the packet number or 0xFFFFFFFF, the type), then the
    /// payload, as `docs/PROTOCOL.md` lays it out.
    ///
    /// For every frame within the format's limits, `Frame.decode(frame.encoded()) == frame`. Encoding never
    /// fails: a value too wide for its field is squeezed to fit (see `ByteWriter`), and values the decoder
    /// refuses (a pile of 60 cards, an oversized table list) are written as they are, for the decoder to refuse.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter()
        for byte in Wire.magic { writer.u8(byte) }
        writer.u32(number ?? Wire.unnumbered)
        writer.u16(packet.typeNumber)
        packet.writePayload(to: &writer)
        return writer.bytes
    }
}

extension Packet {
    /// Appends the payload (everything after the header).
    func writePayload(to writer: inout ByteWriter) {
        switch self {
        case .signInRequest, .clientReady, .clientDealtCards, .clientTurnedCard, .clientQuit, .listTables,
            .addComputer, .startRound, .resyncRequest, .dealFinished, .resumed, .roundAbandoned, .timeUp:
            break
        case .signInResponse(let name):
            writer.string(name)
        case .serverReady(let players):
            writer.list(players) { writer, player in
                writer.string(player.id.rawValue)
                writer.string(player.name)
                writer.seat(player.seat)
            }
        case .dealCards(let round, let startingSeat, let counts):
            writer.u16(round)
            writer.seat(startingSeat)
            writer.list(counts) { writer, count in
                writer.seat(count.seat)
                writer.u8(count.count)
            }
        case .activatePlayer(let id), .playerShouldSnap(let id):
            writer.string(id.rawValue)
        case .playerCalledSnap(let id, let verdict):
            writer.string(id.rawValue)
            writer.u8(verdict.code)
            if case .correct(let matching) = verdict {
                writer.list(matching) { $0.string($1.rawValue) }
            }
        case .otherClientQuit(let id, let handedOutTo):
            writer.string(id.rawValue)
            writer.list(handedOutTo) { $0.seat($1) }
        case .serverQuit(let reason):
            writer.string(reason)
        case .welcome(let version, let id, let token):
            writer.u8(version)
            writer.string(id.rawValue)
            writer.string(token)
        case .tableList(let tables):
            writer.list(tables) { writer, table in
                writer.string(table.code)
                writer.string(table.hostName)
                writer.u8(table.players)
                writer.u8(table.seatsFree)
                writer.bool(table.roundUnderWay)
            }
        case .hostTable(let solo):
            writer.bool(solo)
        case .joinTable(let code):
            writer.string(code)
        case .tableJoined(let code, let seat):
            writer.string(code)
            writer.seat(seat)
        case .ping(let value), .pong(let value):
            writer.u64(value)
        case .snapshot(let view):
            view.write(to: &writer)
        case .reconnect(let token):
            writer.string(token)
        case .error(let code, let message):
            writer.u16(code)
            writer.string(message)
        case .cardTurned(let seat, let card):
            writer.seat(seat)
            writer.card(card)
        case .playerJoined(let seat, let player):
            writer.seat(seat)
            writer.string(player.id.rawValue)
            writer.string(player.name)
            writer.bool(player.isComputer)
        case .seatsRearranged(let moves):
            writer.list(moves) { writer, move in
                writer.seat(move.from)
                writer.seat(move.to)
            }
        case .hostChanged(let seat):
            writer.optionalSeat(seat)
        case .recycled(let seat, let count), .openPileTurnedUnder(let seat, let count):
            writer.seat(seat)
            writer.u8(count)
        case .pileCollected(let from, let to, let count):
            writer.seat(from)
            writer.seat(to)
            writer.u8(count)
        case .cardPaid(let from, let to):
            writer.seat(from)
            writer.seat(to)
        case .playerOut(let seat):
            writer.seat(seat)
        case .roundWon(let seat, let gamesWon):
            writer.seat(seat)
            writer.u16(gamesWon)
        case .playerConnection(let seat, let connected):
            writer.seat(seat)
            writer.bool(connected)
        case .hello(let version):
            writer.u8(version)
        case .callSnap(let reaction):
            writer.u32(reaction)
        case .callTiming(let seat, let reaction, let margin):
            writer.seat(seat)
            writer.u32(reaction)
            writer.u32(margin ?? Wire.noMargin)
        case .changeSettings(let round, let turn), .tableSettings(let round, let turn):
            writer.u16(round)
            writer.u8(turn)
        case .roundClock(let remaining):
            writer.u32(remaining)
        case .turnClock(let seat, let remaining):
            writer.seat(seat)
            writer.u32(remaining)
        case .suddenDeath(let seats):
            writer.list(seats) { $0.seat($1) }
        case .watchTable(let code), .tableWatched(let code):
            writer.string(code)
        case .watcherCount(let count):
            writer.u16(count)
        case .tableClosed(let reason):
            writer.string(reason)
        case .redirect(let url, let code):
            writer.string(url)
            writer.string(code)
        case .setHeadStart(let seat, let milliseconds):
            writer.seat(seat)
            writer.u16(milliseconds)
        case .headStarts(let milliseconds):
            // Always four: a list of another length is made one of four, missing seats none.
            for index in 0..<Seat.count { writer.u16(index < milliseconds.count ? milliseconds[index] : 0) }
        case .tableAccess(let flags), .setTableAccess(let flags):
            writer.u8(flags)
        case .removePlayer(let seat):
            writer.seat(seat)
        case .startRoundWithDeal(let code), .roundDeal(let code):
            writer.u64(code.value)
        case .photoFinish(let finish):
            writer.list(finish.entries) { writer, entry in
                writer.seat(entry.seat)
                writer.u32(Wire.microseconds(entry.elapsed))
                writer.u32(Wire.microseconds(entry.reaction))
                writer.u32(Wire.microseconds(entry.allowance))
                writer.u16(clamping: Int(entry.headStart / .milliseconds(1)))
            }
        case .networkTimeRequest(let seat):
            writer.seat(seat)
        case .networkTime(let time):
            writer.seat(time.seat)
            writer.u8(time.source.rawValue)
            writer.u32(Wire.microseconds(time.median))
            writer.u32(Wire.microseconds(time.mostTakenOff))
            writer.u8(UInt8(clamping: time.samples))
        case .turn(let seat):
            writer.seat(seat)
        case .snapJudged(let call, let reaction, let margin):
            writer.call(call)
            writer.u32(reaction)
            writer.u32(margin ?? Wire.noMargin)
        }
    }
}
