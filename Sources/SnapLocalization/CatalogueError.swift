/// Why a catalogue could not be loaded.
public enum CatalogueError: Error, Equatable, Sendable {
    /// The catalogue's file is not among the package's resources.
    case missingFile(String)
    /// The file is not a flat JSON object of texts and plural forms; `key` is the first entry that is neither.
    case malformed(file: String, key: String?)
}
