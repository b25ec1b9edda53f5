import Foundation

/// A JSON line with the keys as the report names them (their snake_case is written out, never derived).
func reportJSON(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}
