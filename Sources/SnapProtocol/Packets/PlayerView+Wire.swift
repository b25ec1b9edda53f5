import SnapCore

// The Snapshot payload: a whole PlayerView. docs/PROTOCOL.md has the byte layout.
extension PlayerView {
    /// The phase byte: waiting 0, dealing 1, playing 2, round over 3.
    private var phaseCode: UInt8 {
        switch phase {
        case .waiting: 0
        case .dealing: 1
        case .playing: 2
        case .roundOver: 3
        }
    }

    /// The round's winner, when the round is over and was won.
    private var winner: Seat? {
        if case .roundOver(let winner) = phase { winner } else { nil }
    }

    /// Appends the Snapshot payload.
    func write(to writer: inout ByteWriter) {
        writer.optionalSeat(viewer)
        writer.u8(phaseCode)
        writer.optionalSeat(winner)
        writer.u16(clamping: round)
        writer.optionalSeat(host)
        writer.optionalSeat(startingSeat)
        writer.optionalSeat(active)
        writer.bool(hasTurned)
        for seat in Seat.allCases {
            guard let view = self[seat] else {
                writer.bool(false)
                continue
            }
            writer.bool(true)
            writer.string(view.info.id.rawValue)
            writer.string(view.info.name)
            writer.bool(view.info.isComputer)
            writer.u8(clamping: view.closedCount)
            writer.u16(clamping: view.gamesWon)
            writer.list(view.open) { $0.card($1) }
        }
        writer.list(calls) { $0.call($1) }
        writer.bool(stop != nil)
        if let stop { writer.call(stop) }
    }

    /// Reads a Snapshot payload.
    static func read(from reader: inout ByteReader) throws(ProtocolError) -> PlayerView {
        var view = PlayerView(viewer: try reader.optionalSeat("Snapshot.viewer"))
        let phaseCode = try reader.u8("Snapshot.phase")
        let winner = try reader.optionalSeat("Snapshot.winner")
        switch phaseCode {
        case 0: view.phase = .waiting
        case 1: view.phase = .dealing
        case 2: view.phase = .playing
        case 3: view.phase = .roundOver(winner: winner)
        default: throw .invalidValue(field: "Snapshot.phase", value: Int(phaseCode))
        }
        if let winner, phaseCode != 3 {
            throw .invalidValue(field: "Snapshot.winner", value: Int(winner.rawValue))
        }
        view.round = Int(try reader.u16("Snapshot.round"))
        view.host = try reader.optionalSeat("Snapshot.host")
        view.startingSeat = try reader.optionalSeat("Snapshot.startingSeat")
        view.active = try reader.optionalSeat("Snapshot.active")
        view.hasTurned = try reader.bool("Snapshot.hasTurned")
        var cards = 0
        for seat in Seat.allCases {
            var field: String { "Snapshot.seats[\(seat.rawValue)]" }
            guard try reader.bool("\(field).present") else { continue }
            let id = PlayerID(try reader.string("\(field).id"))
            let name = try reader.string("\(field).name")
            let isComputer = try reader.bool("\(field).isComputer")
            let closedCount = Int(try reader.number("\(field).closedCount", limit: Wire.maximumCards))
            let gamesWon = Int(try reader.u16("\(field).gamesWon"))
            let open = try reader.list("\(field).open", limit: Wire.maximumCards) {
                (reader, index) throws(ProtocolError) in try reader.card("\(field).open[\(index)]")
            }
            cards += closedCount + open.count
            guard cards <= Wire.maximumCards else { throw .countOutOfRange(field: "Snapshot.cards", count: cards) }
            view[seat] = SeatView(
                info: PlayerInfo(id: id, name: name, isComputer: isComputer),
                closedCount: closedCount, open: open, gamesWon: gamesWon)
        }
        view.calls = try reader.list("Snapshot.calls", limit: Wire.maximumCalls) {
            (reader, index) throws(ProtocolError) in try reader.call("Snapshot.calls[\(index)]")
        }
        if try reader.bool("Snapshot.stop.present") {
            let stop = try reader.call("Snapshot.stop")
            // The table stops for a judged call only: never one too late or a false start.
            guard stop.verdict.stopsTheTable else {
                throw .invalidValue(field: "Snapshot.stop.verdict", value: Int(stop.verdict.code))
            }
            view.stop = stop
        }
        return view
    }
}

extension ByteWriter {
    /// A call: seat, verdict byte, and for a correct call the matching seats.
    mutating func call(_ call: SnapCall) {
        seat(call.seat)
        u8(call.verdict.code)
        if case .correct(let matching) = call.verdict {
            list(matching) { $0.seat($1) }
        }
    }
}

extension ByteReader {
    /// A call: seat, verdict byte, and for a correct call the matching seats.
    mutating func call(_ field: @autoclosure () -> String) throws(ProtocolError) -> SnapCall {
        let seat = try seat(field() + ".seat")
        let code = try u8(field() + ".verdict")
        switch code {
        case 1: return SnapCall(seat: seat, verdict: .wrong)
        case 2: return SnapCall(seat: seat, verdict: .tooLate)
        case 4: return SnapCall(seat: seat, verdict: .falseStart)
        case 3:
            let matching = try list(field() + ".matching", limit: Wire.maximumPlayers) {
                (reader, index) throws(ProtocolError) in try reader.seat(field() + ".matching[\(index)]")
            }
            return SnapCall(seat: seat, verdict: .correct(matching: SeatList(matching)))
        default:
            throw .invalidValue(field: field() + ".verdict", value: Int(code))
        }
    }
}
