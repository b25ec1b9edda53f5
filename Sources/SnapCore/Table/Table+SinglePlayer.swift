extension Table {
    /// The names computer players take, in the order a host adding them is offered them.
    public static let computerNames = ["Ray", "Lucy", "Steve", "Ann", "Max", "Zoe"]

    /// Single-player mode's opponents, in the order they sit down.
    private static let singlePlayerNames = ["Lucy", "Ray", "Steve"]

    /// The computer player called `name`.
    public static func computerPlayer(named name: String) -> PlayerInfo {
        PlayerInfo(id: PlayerID("computer-\(name.lowercased())"), name: name, isComputer: true)
    }

    /// The three computer opponents of single-player mode for a person called `personName`, in the order they sit
    /// down so that Ray sits left, Lucy top and Steve right — with any whose name is the person's replaced, in
    /// the same seat, by the next name nobody at the table has.
    public static func computerOpponents(for personName: String) -> [PlayerInfo] {
        let taken = Set([personName.lowercased()] + singlePlayerNames.map { $0.lowercased() })
        var spares = computerNames.filter { !taken.contains($0.lowercased()) }.makeIterator()
        return singlePlayerNames.compactMap { name in
            name.lowercased() == personName.lowercased() ? spares.next() : name
        }.map(computerPlayer(named:))
    }

    /// A computer player for a table where players with these names sit already; nil when every computer name
    /// is taken.
    public static func nextComputer(besides names: some Sequence<String>) -> PlayerInfo? {
        let taken = Set(names.map { $0.lowercased() })
        return computerNames.first { !taken.contains($0.lowercased()) }.map(computerPlayer(named:))
    }

    /// A single-player table: `person` at the bottom (and host) against three computer players.
    public static func singlePlayer(_ person: PlayerInfo, timing: TableTiming = .standard) -> Table {
        var table = Table(timing: timing)
        _ = try! table.join(person)
        for computer in computerOpponents(for: person.name) {
            _ = try! table.join(computer)
        }
        return table
    }
}
