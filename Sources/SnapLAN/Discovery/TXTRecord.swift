/// A DNS-SD TXT record (RFC 6763 §6): `key=value` strings, each preceded by its length in one byte.
///
/// Decoding takes what comes from the network as untrusted: a string that runs past the end stops the reading,
/// one with an empty or unprintable key is skipped, and of a key given twice only the first counts (§6.4).
public struct TXTRecord: Hashable, Sendable {
    /// The entries in order: key, and value (nil for a key given without `=`).
    public private(set) var entries: [(key: String, value: [UInt8]?)] = []

    /// The most bytes one string may hold (its length is one byte).
    public static let maximumStringLength = 255

    /// An empty record.
    public init() {}

    /// The value of `key` as bytes (keys compare without regard to case).
    public subscript(bytes key: String) -> [UInt8]? {
        let key = key.lowercased()
        return entries.first { $0.key.lowercased() == key }?.value
    }

    /// The value of `key` as text, when it is valid UTF-8.
    public subscript(key: String) -> String? {
        self[bytes: key].flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// Sets `key` to `value`, replacing an earlier value.
    ///
    /// - Throws: ``TXTRecordError`` when the key is empty, holds `=` or a character outside printable ASCII, or
    ///   `key=value` would not fit in one string.
    public mutating func set(_ key: String, to value: String) throws(TXTRecordError) {
        guard Self.isValidKey(Array(key.utf8)) else { throw .badKey(key) }
        guard key.utf8.count + 1 + value.utf8.count <= Self.maximumStringLength else { throw .tooLong(key) }
        let value = Array(value.utf8)
        if let index = entries.firstIndex(where: { $0.key.lowercased() == key.lowercased() }) {
            entries[index] = (key, value)
        } else {
            entries.append((key, value))
        }
    }

    /// The record on the wire. An empty record is one empty string, as RFC 6763 §6.1 asks.
    public var bytes: [UInt8] {
        guard !entries.isEmpty else { return [0] }
        var bytes = [UInt8]()
        for (key, value) in entries {
            var string = Array(key.utf8)
            if let value { string += [UInt8(ascii: "=")] + value }
            bytes.append(UInt8(string.count))
            bytes += string
        }
        return bytes
    }

    /// Reads a record off the network, skipping what is malformed.
    public init(bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            let length = Int(bytes[index])
            index += 1
            guard index + length <= bytes.count else { break }
            let string = bytes[index..<(index + length)]
            index += length
            let keyBytes = Array(string.prefix { $0 != UInt8(ascii: "=") })
            guard Self.isValidKey(keyBytes) else { continue }
            let key = String(decoding: keyBytes, as: UTF8.self)
            guard !entries.contains(where: { $0.key.lowercased() == key.lowercased() }) else { continue }
            let value = keyBytes.count < string.count ? Array(string.dropFirst(keyBytes.count + 1)) : nil
            entries.append((key, value))
        }
    }

    private static func isValidKey(_ key: [UInt8]) -> Bool {
        !key.isEmpty && key.allSatisfy { (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "=") }
    }

    public static func == (left: TXTRecord, right: TXTRecord) -> Bool {
        left.entries.count == right.entries.count
            && zip(left.entries, right.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for (key, value) in entries {
            hasher.combine(key)
            hasher.combine(value)
        }
    }
}
