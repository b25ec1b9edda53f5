import SnapProtocol

/// The snake_case name of an Error packet's code, for reports: `round_under_way`, `rate_limited`, `code_150`.
enum ErrorCodeName {
    /// The rules' refusals by code (TableError's description is a sentence for people, not its name), and the
    /// server's codes newer than this build's ``WireErrorCode`` that the soak already knows by number.
    private static let known: [UInt16: String] = [
        1: "table_full", 2: "round_under_way", 3: "name_taken", 4: "already_seated", 5: "not_seated", 6: "not_host",
        7: "not_enough_players", 8: "no_round_under_way", 9: "dealing_in_progress", 10: "not_your_turn",
        11: "already_turned", 12: "no_closed_cards", 13: "out_of_cards", 14: "snap_in_progress", 15: "unexpected_step",
        16: "bad_settings", 112: "too_many_connections_from_address", 113: "too_many_tables_from_address",
    ]

    /// The name of `code`.
    static func of(_ code: UInt16) -> String {
        if let name = known[code] { return name }
        if let error = WireErrorCode(rawValue: code) { return snakeCase("\(error)") }
        return "code_\(code)"
    }

    /// Whether `code` is one of the rules' refusals (1–99), which are part of play, rather than the server's own.
    static func isGameRefusal(_ code: UInt16) -> Bool { code < 100 }

    /// `roundUnderWay` → `round_under_way`.
    static func snakeCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase, !result.isEmpty { result.append("_") }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }
}
