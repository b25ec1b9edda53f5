import SnapCore

extension Frame {
    /// The frame as language-neutral JSON, the form `snap decode` prints and the golden vectors hold:
    /// `{"number": n or null, "type": 100, "name": "SignInRequest", "fields": {…}}`.
    ///
    /// `docs/PROTOCOL.md` lists the fields of every packet. Seats are numbers 0–3 (null for "no seat"), cards
    /// are `{"suit": "hearts", "value": 10}`, verdicts are `{"kind": "correct", "matching": […]}`, and the
    /// 64-bit ping value is a decimal string because JavaScript numbers cannot hold every 64-bit integer.
    public var json: JSONValue {
        [
            "number": number.map { .number(Int($0)) } ?? .null,
            "type": .number(Int(packet.typeNumber)),
            "name": .string(packet.name),
            "fields": .object(packet.jsonFields),
        ]
    }
}

extension Packet {
    /// Every field of the packet by name; empty for packets without a payload.
    public var jsonFields: [String: JSONValue] {
        switch self {
        case .signInRequest, .clientReady, .clientDealtCards, .clientTurnedCard, .clientQuit, .listTables,
            .addComputer, .startRound, .resyncRequest, .dealFinished, .resumed, .roundAbandoned, .timeUp:
            [:]
        case .signInResponse(let name): ["name": .string(name)]
        case .serverReady(let players):
            [
                "players": .array(
                    players.map { ["id": .string($0.id.rawValue), "name": .string($0.name), "seat": .seat($0.seat)] })
            ]
        case .dealCards(let round, let startingSeat, let counts):
            [
                "round": .number(Int(round)),
                "startingSeat": .seat(startingSeat),
                "counts": .array(counts.map { ["seat": .seat($0.seat), "count": .number(Int($0.count))] }),
            ]
        case .activatePlayer(let id), .playerShouldSnap(let id): ["id": .string(id.rawValue)]
        case .playerCalledSnap(let id, let verdict):
            [
                "id": .string(id.rawValue),
                "verdict": .verdict(verdict.kind, matching: verdict.matching.map { .string($0.rawValue) }),
            ]
        case .otherClientQuit(let id, let handedOutTo):
            ["id": .string(id.rawValue), "handedOutTo": .array(handedOutTo.map(JSONValue.seat))]
        case .serverQuit(let reason): ["reason": .string(reason)]
        case .welcome(let version, let id, let token):
            ["version": .number(Int(version)), "id": .string(id.rawValue), "token": .string(token)]
        case .tableList(let tables):
            ["tables": .array(tables.map(\.json))]
        case .hostTable(let solo): ["solo": .bool(solo)]
        case .joinTable(let code): ["code": .string(code)]
        case .tableJoined(let code, let seat): ["code": .string(code), "seat": .seat(seat)]
        case .ping(let value), .pong(let value): ["value": .string(String(value))]
        case .snapshot(let view): view.jsonFields
        case .reconnect(let token): ["token": .string(token)]
        case .error(let code, let message): ["code": .number(Int(code)), "message": .string(message)]
        case .cardTurned(let seat, let card): ["seat": .seat(seat), "card": .card(card)]
        case .playerJoined(let seat, let player):
            [
                "seat": .seat(seat), "id": .string(player.id.rawValue), "name": .string(player.name),
                "isComputer": .bool(player.isComputer),
            ]
        case .seatsRearranged(let moves):
            ["moves": .array(moves.map { ["from": .seat($0.from), "to": .seat($0.to)] })]
        case .hostChanged(let seat): ["seat": .seat(seat)]
        case .recycled(let seat, let count), .openPileTurnedUnder(let seat, let count):
            ["seat": .seat(seat), "count": .number(Int(count))]
        case .pileCollected(let from, let to, let count):
            ["from": .seat(from), "to": .seat(to), "count": .number(Int(count))]
        case .cardPaid(let from, let to): ["from": .seat(from), "to": .seat(to)]
        case .playerOut(let seat): ["seat": .seat(seat)]
        case .roundWon(let seat, let gamesWon): ["seat": .seat(seat), "gamesWon": .number(Int(gamesWon))]
        case .playerConnection(let seat, let connected): ["seat": .seat(seat), "connected": .bool(connected)]
        case .hello(let version): ["version": .number(Int(version))]
        case .callSnap(let reaction): ["reaction": .number(Int(reaction))]
        case .callTiming(let seat, let reaction, let margin):
            ["seat": .seat(seat), "reaction": .number(Int(reaction)), "margin": margin.map { .number(Int($0)) } ?? .null]
        case .changeSettings(let round, let turn), .tableSettings(let round, let turn):
            ["round": .number(Int(round)), "turn": .number(Int(turn))]
        case .roundClock(let remaining): ["remaining": .number(Int(remaining))]
        case .turnClock(let seat, let remaining): ["seat": .seat(seat), "remaining": .number(Int(remaining))]
        case .suddenDeath(let seats): ["seats": .array(seats.map(JSONValue.seat))]
        case .watchTable(let code), .tableWatched(let code): ["code": .string(code)]
        case .watcherCount(let count): ["count": .number(Int(count))]
        case .tableClosed(let reason): ["reason": .string(reason)]
        case .redirect(let url, let code): ["url": .string(url), "code": .string(code)]
        case .setHeadStart(let seat, let milliseconds): ["seat": .seat(seat), "milliseconds": .number(Int(milliseconds))]
        case .headStarts(let milliseconds): ["milliseconds": .array(milliseconds.map { .number(Int($0)) })]
        case .tableAccess(let flags), .setTableAccess(let flags): ["flags": .number(Int(flags))]
        case .removePlayer(let seat): ["seat": .seat(seat)]
        case .startRoundWithDeal(let code), .roundDeal(let code): ["deal": .string(code.description)]
        case .photoFinish(let finish):
            [
                "calls": .array(
                    finish.entries.map {
                        [
                            "seat": .seat($0.seat), "elapsed": .number(Int(Wire.microseconds($0.elapsed))),
                            "reaction": .number(Int(Wire.microseconds($0.reaction))),
                            "allowance": .number(Int(Wire.microseconds($0.allowance))),
                            "headStart": .number(Int($0.headStart / .milliseconds(1))),
                        ]
                    })
            ]
        case .networkTimeRequest(let seat): ["seat": .seat(seat)]
        case .networkTime(let time):
            [
                "seat": .seat(time.seat), "source": .number(Int(time.source.rawValue)),
                "median": .number(Int(Wire.microseconds(time.median))),
                "mostTakenOff": .number(Int(Wire.microseconds(time.mostTakenOff))), "samples": .number(time.samples),
            ]
        case .turn(let seat): ["seat": .seat(seat)]
        case .snapJudged(let call, let reaction, let margin):
            [
                "call": call.json, "reaction": .number(Int(reaction)),
                "margin": margin.map { .number(Int($0)) } ?? .null,
            ]
        }
    }
}

extension PlayerView {
    /// The Snapshot's fields.
    fileprivate var jsonFields: [String: JSONValue] {
        let phaseName: String
        var winner: Seat?
        switch phase {
        case .waiting: phaseName = "waiting"
        case .dealing: phaseName = "dealing"
        case .playing: phaseName = "playing"
        case .roundOver(let won): (phaseName, winner) = ("roundOver", won)
        }
        return [
            "viewer": .seat(viewer),
            "phase": .string(phaseName),
            "winner": .seat(winner),
            "round": .number(round),
            "host": .seat(host),
            "startingSeat": .seat(startingSeat),
            "active": .seat(active),
            "hasTurned": .bool(hasTurned),
            "seats": .array(seats.map { $0.map(\.json) ?? .null }),
            "calls": .array(calls.map(\.json)),
            "stop": stop.map(\.json) ?? .null,
        ]
    }
}

extension SeatView {
    fileprivate var json: JSONValue {
        [
            "id": .string(info.id.rawValue),
            "name": .string(info.name),
            "isComputer": .bool(info.isComputer),
            "closedCount": .number(closedCount),
            "gamesWon": .number(gamesWon),
            "open": .array(open.map(JSONValue.card)),
        ]
    }
}

extension SnapCall {
    fileprivate var json: JSONValue {
        let matching: [JSONValue] = if case .correct(let seats) = verdict { seats.map(JSONValue.seat) } else { [] }
        return ["seat": .seat(seat), "verdict": .verdict(verdict.kind, matching: matching)]
    }
}

extension TableSummary {
    fileprivate var json: JSONValue {
        [
            "code": .string(code),
            "hostName": .string(hostName),
            "players": .number(Int(players)),
            "seatsFree": .number(Int(seatsFree)),
            "roundUnderWay": .bool(roundUnderWay),
        ]
    }
}

extension WireVerdict {
    fileprivate var kind: String {
        switch self {
        case .wrong: "wrong"
        case .tooLate: "tooLate"
        case .correct: "correct"
        case .falseStart: "falseStart"
        }
    }

    fileprivate var matching: [PlayerID] {
        if case .correct(let ids) = self { ids } else { [] }
    }
}

extension SnapVerdict {
    fileprivate var kind: String {
        switch self {
        case .wrong: "wrong"
        case .tooLate: "tooLate"
        case .correct: "correct"
        case .falseStart: "falseStart"
        }
    }
}

extension JSONValue {
    /// A seat as its number, or null.
    fileprivate static func seat(_ seat: Seat?) -> JSONValue {
        seat.map { .number(Int($0.rawValue)) } ?? .null
    }

    /// A card as `{"suit": "hearts", "value": 10}`.
    fileprivate static func card(_ card: Card) -> JSONValue {
        let suit: String
        switch card.suit {
        case .clubs: suit = "clubs"
        case .diamonds: suit = "diamonds"
        case .hearts: suit = "hearts"
        case .spades: suit = "spades"
        }
        return ["suit": .string(suit), "value": .number(Int(card.value))]
    }

    /// A verdict as `{"kind": "correct", "matching": […]}`; only a correct verdict has `matching`.
    fileprivate static func verdict(_ kind: String, matching: [JSONValue]) -> JSONValue {
        kind == "correct" ? ["kind": .string(kind), "matching": .array(matching)] : ["kind": .string(kind)]
    }
}
