import Foundation

/// A language Snap! speaks, by its BCP 47 tag.
///
/// ```swift
/// let language = Language.preferred(fromAcceptLanguage: "de-CH, de;q=0.9, en;q=0.8")  // .german
/// let terminal = Language.preferred(fromEnvironment: ProcessInfo.processInfo.environment)
/// ```
public enum Language: String, CaseIterable, Hashable, Sendable, Codable {
    /// English, the language shown when nothing else fits.
    case english = "en"
    /// Dutch.
    case dutch = "nl"
    /// German.
    case german = "de"
    /// French.
    case french = "fr"
    /// Spanish.
    case spanish = "es"
    /// Brazilian Portuguese, also for any other Portuguese.
    case brazilianPortuguese = "pt-BR"
    /// Japanese.
    case japanese = "ja"

    /// The language shown when nothing else fits.
    public static let fallback = Language.english

    /// The BCP 47 tag: "en", "pt-BR", "ja".
    public var tag: String { rawValue }

    /// The language's name in itself, as a chooser lists it.
    public var nativeName: String {
        switch self {
        case .english: "English"
        case .dutch: "Nederlands"
        case .german: "Deutsch"
        case .french: "Français"
        case .spanish: "Español"
        case .brazilianPortuguese: "Português (Brasil)"
        case .japanese: "日本語"
        }
    }

    /// The language of a tag or locale name, matched loosely: "de-AT" and "de_DE.UTF-8" are German, "pt" and
    /// "pt-PT" Brazilian Portuguese (the one Portuguese we have); nil for a language we do not speak, "C" or "POSIX".
    public init?(matching tag: String) {
        // A POSIX locale name: language_TERRITORY.codeset@modifier.
        let name = tag.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        let bare = (name.split(separator: "@", maxSplits: 1).first.map(String.init) ?? "")
            .replacingOccurrences(of: "_", with: "-").trimmingWhitespace().lowercased()
        guard !bare.isEmpty else { return nil }
        if let exact = Language.allCases.first(where: { $0.tag.lowercased() == bare }) {
            self = exact
            return
        }
        let base = bare.split(separator: "-").first.map(String.init) ?? bare
        guard let match = Language.allCases.first(where: { $0.baseTag == base }) else { return nil }
        self = match
    }

    /// The first language of `tags`, in order of preference, that we speak; English when none is.
    public static func preferred(from tags: some Sequence<String>) -> Language {
        tags.lazy.compactMap(Language.init(matching:)).first ?? .fallback
    }

    /// The language an HTTP `Accept-Language` header asks for most ("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5").
    public static func preferred(fromAcceptLanguage header: String) -> Language {
        let ranked = header.split(separator: ",").enumerated().compactMap { index, item -> (tag: String, q: Double, index: Int)? in
            let parts = item.split(separator: ";").map { String($0).trimmingWhitespace() }
            guard let tag = parts.first, !tag.isEmpty, tag != "*" else { return nil }
            let quality = parts.dropFirst().first(where: { $0.hasPrefix("q=") }).flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0 ? (tag, quality, index) : nil
        }
        // Highest quality first; the header's order among equals.
        return preferred(from: ranked.sorted { ($0.q, -$0.index) > ($1.q, -$1.index) }.map(\.tag))
    }

    /// The language a terminal's locale asks for: `LC_ALL`, else `LC_MESSAGES`, else `LANG` ("de_DE.UTF-8"), as
    /// POSIX orders them; English when they are unset, "C", or a language we do not speak.
    public static func preferred(fromEnvironment environment: [String: String]) -> Language {
        let set = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return set.flatMap(Language.init(matching:)) ?? .fallback
    }

    /// The tag's language part: "pt" for "pt-BR".
    var baseTag: String {
        tag.split(separator: "-").first.map { String($0).lowercased() } ?? tag
    }
}

extension String {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
