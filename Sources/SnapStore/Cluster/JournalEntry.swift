/// One entry of a table's journal: opaque bytes, and its place in the table's journal.
public struct JournalEntry: Hashable, Sendable {
    /// Its position, counted from 0 for the table's first entry; positions are never reused, trimmed or not.
    public var position: Int64
    /// The bytes appended, given back byte for byte.
    public var bytes: [UInt8]

    /// An entry.
    public init(position: Int64, bytes: [UInt8]) {
        self.position = position
        self.bytes = bytes
    }
}
