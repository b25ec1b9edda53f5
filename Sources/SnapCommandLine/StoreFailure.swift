import SnapStore

/// A store that could not be opened at start: printed as one line, and the command exits.
public struct StoreFailure: Error, CustomStringConvertible {
    /// What went wrong, in the store's words.
    public let error: StoreError

    /// A failure to open a store.
    public init(error: StoreError) {
        self.error = error
    }

    public var description: String { "Cannot keep rounds: \(error.description)" }
}
