extension Table {
    /// The computer players of single-player mode, in the order they sit down so that Ray sits left,
    /// Lucy top and Steve right.
    public static let computerOpponents: [PlayerInfo] = [
        PlayerInfo(id: PlayerID("computer-lucy"), name: "Lucy", isComputer: true),
        PlayerInfo(id: PlayerID("computer-ray"), name: "Ray", isComputer: true),
        PlayerInfo(id: PlayerID("computer-steve"), name: "Steve", isComputer: true),
    ]

    /// A single-player table: `person` at the bottom (and host) against Ray (left), Lucy (top) and Steve (right).
    public static func singlePlayer(_ person: PlayerInfo, timing: TableTiming = .standard) -> Table {
        var table = Table(timing: timing)
        _ = try! table.join(person)
        for computer in computerOpponents where computer.name.lowercased() != person.name.lowercased() {
            _ = try! table.join(computer)
        }
        return table
    }
}
