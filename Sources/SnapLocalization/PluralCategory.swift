/// A plural form, as CLDR (and `Intl.PluralRules` in the browser) names it.
public enum PluralCategory: String, CaseIterable, Hashable, Sendable, Codable {
    /// None (in languages that say it apart; none of ours do).
    case zero
    /// One, and in French and Portuguese also none.
    case one
    /// Two (in languages that say it apart; none of ours do).
    case two
    /// A few (in languages that say it apart; none of ours do).
    case few
    /// Many: CLDR's form for a million and up in French, Spanish and Portuguese; ours fall back to ``other``.
    case many
    /// Every other count, and the one form of Japanese.
    case other
}

extension Language {
    /// The plural forms every catalogue entry with a count gives in this language.
    ///
    /// CLDR gives French, Spanish and Portuguese a "many" for a million and up ("1 million de cartes"); Snap!
    /// never counts that high, and a missing form falls back to "other".
    public var pluralCategories: [PluralCategory] {
        switch self {
        case .japanese: [.other]
        default: [.one, .other]
        }
    }

    /// The plural form of a whole number `count` in this language (CLDR's rules for integers, by hand).
    public func pluralCategory(for count: Int) -> PluralCategory {
        let count = count.magnitude
        switch self {
        case .english, .dutch, .german, .spanish: return count == 1 ? .one : .other
        // "0 carte", "1 carte", "2 cartes"; "0 carta", "1 carta".
        case .french, .brazilianPortuguese: return count <= 1 ? .one : .other
        case .japanese: return .other
        }
    }
}
