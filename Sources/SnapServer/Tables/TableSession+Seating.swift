import SnapCore
import SnapProtocol

extension TableSession {
    /// Seats a person who is connected through `outbox` and tells everyone.
    ///
    /// The newcomer gets TableJoined, a Snapshot of the table and ServerReady; the others get PlayerJoined.
    func join(_ info: PlayerInfo, token: String, outbox: Outbox) throws -> Seat {
        // The last person may have left while this request was on its way.
        guard !isClosed else { throw WireErrorCode.unknownTable }
        catchUp()
        let events = try perform(.join(info))
        let seat = runner.table.seat(of: info.id)!
        members[info.id] = TableMember(info: info, token: token, outbox: outbox)
        queueJournal { $0.seated(info.id, token: token) }
        broadcast(events, except: info.id)
        sendWelcomeToTable(info.id, seat: seat)
        logger.info("\(info.name) joined", metadata: ["seat": "\(seat)"])
        afterChange()
        return seat
    }

    /// Seats the computer players of a single-player table: Ray left, Lucy top, Steve right.
    func seatComputerOpponents() {
        let person = runner.table.occupiedSeats.compactMap { runner.table[$0]?.info }.first { !$0.isComputer }
        for computer in Table.computerOpponents(for: person?.name ?? "") { _ = try? seatComputer(computer) }
    }

    func addComputer(by id: PlayerID) throws(TableError) {
        guard let seat = runner.table.seat(of: id) else { throw .notSeated }
        try runner.table.requireHost(seat)
        let names = runner.table.occupiedSeats.compactMap { runner.table[$0]?.info.name }
        guard let computer = Table.nextComputer(besides: names) else { throw .nameTaken }
        try seatComputer(computer)
    }

    private func seatComputer(_ info: PlayerInfo) throws(TableError) {
        catchUp()
        let events = try perform(.join(info))
        members[info.id] = TableMember(info: info)
        broadcast(events)
        afterChange()
    }

    func sendWelcomeToTable(_ id: PlayerID, seat: Seat) {
        send(.tableJoined(code: code, seat: seat), to: id)
        sendSnapshot(to: id, seat: seat)
        sendPlayerList(to: id)
        if !watchers.isEmpty { send(watchers.countPacket, to: id) }
    }

    func sendPlayerList(to id: PlayerID) {
        let table = runner.table
        send(
            .serverReady(players: table.occupiedSeats.map {
                WirePlayer(id: table[$0]!.info.id, name: table[$0]!.info.name, seat: $0)
            }), to: id)
    }
}
