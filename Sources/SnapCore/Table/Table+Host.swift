extension Table {
    /// Who may do what, decided here: the host alone starts rounds, changes the settings (head starts, locking and
    /// privacy among them), seats computer players and removes players; anyone seated may act for their own seat;
    /// nobody new may join a locked table, though the host may still seat a computer player there.
    ///
    /// - Throws: ``TableError/notSeated`` when nobody sits in `seat`, ``TableError/notHost`` when its player is not
    ///   the host.
    public func requireHost(_ seat: Seat) throws(TableError) {
        guard self[seat] != nil else { throw .notSeated }
        guard host == seat else { throw .notHost }
    }

    /// Whether `info` may take a seat as far as the table's lock goes.
    func mayJoin(_ info: PlayerInfo) -> Bool {
        !settings.isLocked || info.isComputer
    }

    /// The host removes the player in `seat`: at any time, and exactly as if that player had left (RULES.md: during
    /// a round their cards go to the others; every card stays at the table).
    ///
    /// - Throws: ``TableError/notSeated`` or ``TableError/notHost`` for `remover`; ``TableError/notSeated`` when
    ///   `seat` is empty; ``TableError/cannotRemoveHost`` when the host names their own seat (they leave instead).
    mutating func remove(_ seat: Seat, by remover: Seat) throws(TableError) -> [TableEvent] {
        try requireHost(remover)
        guard self[seat] != nil else { throw .notSeated }
        guard seat != remover else { throw .cannotRemoveHost }
        return try leave(seat)
    }
}
