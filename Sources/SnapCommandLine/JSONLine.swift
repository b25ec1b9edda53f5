import Foundation

/// One line of JSON with snake_case keys in sorted order: what `--json` prints.
public func jsonLine(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}
