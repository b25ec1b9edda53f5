import Foundation

/// One language's texts by key, from the JSON files in `Catalogues/` that the web client reads too.
///
/// A file is a flat JSON object: key → text, or key → plural forms (`{"one": "{count} card", "other": "{count}
/// cards"}`); placeholders are written in braces. The web client's texts are `Catalogues/<tag>.json`; a client's
/// own texts go in a part of their own (`Catalogues/terminal/<tag>.json`), looked up after the shared ones.
///
/// ```swift
/// let catalogue = try Catalogue.load(.german)
/// catalogue.text("status.playersTurn", ["name": "Lucy"])  // "Lucy ist dran"
/// catalogue.text("table.cards", count: 12)                 // "12 Karten"
/// ```
public struct Catalogue: Sendable {
    /// One entry: a text, or a text per plural form.
    public enum Entry: Hashable, Sendable {
        case text(String)
        case plural([PluralCategory: String])
    }

    /// A set of catalogue files, one per language: the shared one, or a client's own in a subfolder.
    public struct Part: Hashable, Sendable {
        /// The subfolder of `Catalogues/` (nil: the files at its top).
        public var folder: String?

        /// A part in `Catalogues/<folder>/`.
        public init(folder: String?) {
            self.folder = folder
        }

        /// The texts every client shares: `Catalogues/<tag>.json`, the web client's.
        public static let shared = Part(folder: nil)

        /// The path of `language`'s file, relative to `Catalogues/`.
        public func file(for language: Language) -> String {
            (folder.map { "\($0)/" } ?? "") + "\(language.tag).json"
        }
    }

    /// The catalogue's language.
    public let language: Language
    /// The entries by key.
    public let entries: [String: Entry]

    /// A catalogue of `entries` in `language`.
    public init(language: Language, entries: [String: Entry]) {
        self.language = language
        self.entries = entries
    }

    /// A catalogue read from a file's JSON.
    ///
    /// - Throws: ``CatalogueError/malformed(file:key:)`` when `data` is not a flat object of texts and plural forms.
    public init(language: Language, json data: Data, file: String = "") throws {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CatalogueError.malformed(file: file, key: nil)
        }
        var entries: [String: Entry] = [:]
        for (key, value) in object {
            if let text = value as? String {
                entries[key] = .text(text)
            } else if let forms = value as? [String: String] {
                let typed = forms.compactMap { name, text in PluralCategory(rawValue: name).map { ($0, text) } }
                guard typed.count == forms.count, !typed.isEmpty else { throw CatalogueError.malformed(file: file, key: key) }
                entries[key] = .plural(Dictionary(uniqueKeysWithValues: typed))
            } else {
                throw CatalogueError.malformed(file: file, key: key)
            }
        }
        self.init(language: language, entries: entries)
    }

    /// The folder of the catalogue files among the package's resources.
    public static var folder: URL? {
        Bundle.module.url(forResource: "Catalogues", withExtension: nil)
    }

    /// Loads `language`'s catalogue from the package's resources: its files of `parts`, an earlier part's entry
    /// winning over a later one's with the same key (the shared texts first, then a client's own).
    ///
    /// - Throws: ``CatalogueError`` when a file is missing or malformed.
    public static func load(_ language: Language, parts: [Part] = [.shared]) throws -> Catalogue {
        var entries: [String: Entry] = [:]
        for part in parts {
            let file = part.file(for: language)
            guard let url = folder?.appendingPathComponent(file), let data = FileManager.default.contents(atPath: url.path) else {
                throw CatalogueError.missingFile(file)
            }
            entries.merge(try Catalogue(language: language, json: data, file: file).entries) { earlier, _ in earlier }
        }
        return Catalogue(language: language, entries: entries)
    }

    /// The text of `key` with `arguments` in its placeholders; a plural entry picks its form by `count` (which also
    /// fills `{count}` unless `arguments` does). A key the catalogue lacks comes back as itself, for all to see.
    public func text(_ key: String, count: Int? = nil, _ arguments: [String: String] = [:]) -> String {
        guard let entry = entries[key] else { return key }
        var arguments = arguments
        if let count, arguments["count"] == nil { arguments["count"] = String(count) }
        return Self.fill(form(of: entry, count: count ?? 0), with: arguments)
    }

    /// Whether the catalogue has `key`.
    public func has(_ key: String) -> Bool {
        entries[key] != nil
    }

    /// The form of `entry` for `count`: "other" where the language's form is missing.
    private func form(of entry: Entry, count: Int) -> String {
        switch entry {
        case .text(let text): text
        case .plural(let forms): forms[language.pluralCategory(for: count)] ?? forms[.other] ?? ""
        }
    }

    /// `text` with each `{name}` replaced by `arguments[name]`; a placeholder without an argument stays.
    static func fill(_ text: String, with arguments: [String: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}"), let value = arguments[String(after[..<close])] else {
                result.append("{")
                rest = after
                continue
            }
            result += value
            rest = after[after.index(after: close)...]
        }
        return result + rest
    }

    /// The placeholders of a text, as a set of names: "{name} has {count}" → ["name", "count"].
    public static func placeholders(in text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = after[..<close]
            // As the web client reads them: an ASCII letter, then ASCII letters and digits.
            if let first = name.first, first.isASCII, first.isLetter,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            {
                names.insert(String(name))
            }
            rest = after
        }
        return names
    }
}

extension Catalogue.Entry {
    /// The placeholders of every form of the entry together.
    public var placeholders: Set<String> {
        switch self {
        case .text(let text): Catalogue.placeholders(in: text)
        case .plural(let forms): forms.values.reduce(into: []) { $0.formUnion(Catalogue.placeholders(in: $1)) }
        }
    }
}
