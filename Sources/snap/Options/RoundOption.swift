import ArgumentParser
import SnapCore

/// How rounds end, as `--round` names it: a quick round's minutes, or classic.
enum RoundOption: String, CaseIterable, ExpressibleByArgument {
    case three = "3"
    case five = "5"
    case ten = "10"
    case classic

    /// The round length it names.
    var roundLength: RoundLength {
        switch self {
        case .three: .quick(.seconds(180))
        case .five: .quick(.seconds(300))
        case .ten: .quick(.seconds(600))
        case .classic: .classic
        }
    }
}
