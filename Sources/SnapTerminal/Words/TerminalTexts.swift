import SnapLocalization

/// The words the terminal shows, in one language: the texts every client shares (`Catalogues/<tag>.json`) and the
/// terminal's own (`Catalogues/terminal/<tag>.json`, keys prefixed `terminal.`).
///
/// A value handed to the screens and sessions, so that one test can draw a table in two languages side by side.
///
/// ```swift
/// let texts = try TerminalTexts.load(.german)
/// texts.text("status.playersTurn", ["name": "Lucy"])  // "Lucy ist dran"
/// ```
public struct TerminalTexts: Hashable, Sendable {
    /// The catalogue the texts come from.
    public let catalogue: Catalogue

    /// The texts of `catalogue`.
    public init(catalogue: Catalogue) {
        self.catalogue = catalogue
    }

    /// The catalogue parts the terminal reads, the shared one first (its keys win).
    public static let parts: [Catalogue.Part] = [.shared, Catalogue.Part(folder: "terminal")]

    /// Loads `language`'s texts from the package's resources.
    ///
    /// - Throws: ``CatalogueError`` when a file is missing or malformed.
    public static func load(_ language: Language) throws -> TerminalTexts {
        TerminalTexts(catalogue: try Catalogue.load(language, parts: parts))
    }

    /// English, the default of every screen and session; empty (each key shown as itself) if the resources are
    /// missing, which the catalogue tests would catch.
    public static let english = (try? load(.english)) ?? TerminalTexts(catalogue: Catalogue(language: .english, entries: [:]))

    /// The texts' language.
    public var language: Language { catalogue.language }

    /// The text of `key`, as ``Catalogue/text(_:count:_:)`` gives it.
    public func text(_ key: String, count: Int? = nil, _ arguments: [String: String] = [:]) -> String {
        catalogue.text(key, count: count, arguments)
    }

    /// The text of `key` with `arguments`.
    public func text(_ key: String, _ arguments: [String: String]) -> String {
        catalogue.text(key, count: nil, arguments)
    }

    /// The text of `key`'s variant for the viewer (`key.you`) when `isViewer`, else of `key` itself.
    func text(_ key: String, you isViewer: Bool, count: Int? = nil, _ arguments: [String: String] = [:]) -> String {
        text(isViewer ? key + ".you" : key, count: count, arguments)
    }

    /// Whether two values hold the same language's same texts.
    public static func == (lhs: TerminalTexts, rhs: TerminalTexts) -> Bool {
        lhs.language == rhs.language && lhs.catalogue.entries == rhs.catalogue.entries
    }

    /// Hashes the language alone: equal texts are of one language.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(language)
    }
}

extension TerminalTexts: CustomStringConvertible {
    /// The language's tag and name, "de (Deutsch)": not the whole catalogue, which a test's name would otherwise
    /// print.
    public var description: String { "\(language.tag) (\(language.nativeName))" }
}
