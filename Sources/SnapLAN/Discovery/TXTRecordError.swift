/// Why a key and value cannot go into a TXT record.
public enum TXTRecordError: Error, Equatable, Sendable {
    /// The key is empty, or holds `=` or a character outside printable ASCII.
    case badKey(String)
    /// `key=value` is longer than 255 bytes.
    case tooLong(String)
}
