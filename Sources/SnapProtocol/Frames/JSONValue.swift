/// A JSON value with integers only, rendered the same way every time: keys sorted, no floating point.
///
/// It is the language-neutral form of a frame (see ``Frame/json``) that `snap decode` prints and the golden
/// vectors hold, so that the Swift and the JavaScript codecs can be checked against the same file.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case number(Int)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; rendered with its keys sorted.
    case object([String: JSONValue])

    /// The JSON text: on one line, or indented by two spaces a level with `pretty`. Keys are sorted by their
    /// UTF-8 bytes; strings escape `"`, `\` and control characters and keep everything else as it is.
    public func rendered(pretty: Bool = false) -> String {
        var text = ""
        render(into: &text, pretty: pretty, indent: "")
        return text
    }

    private func render(into text: inout String, pretty: Bool, indent: String) {
        let inner = indent + "  "
        let newline = pretty ? "\n" : ""
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += String(value)
        case .string(let value): JSONValue.quote(value, into: &text)
        case .array(let items) where items.isEmpty: text += "[]"
        case .array(let items):
            text += "[" + newline
            for (index, item) in items.enumerated() {
                if pretty { text += inner }
                item.render(into: &text, pretty: pretty, indent: inner)
                text += (index < items.count - 1 ? "," : "") + newline
            }
            text += (pretty ? indent : "") + "]"
        case .object(let members) where members.isEmpty: text += "{}"
        case .object(let members):
            text += "{" + newline
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                if pretty { text += inner }
                JSONValue.quote(key, into: &text)
                text += pretty ? ": " : ":"
                members[key, default: .null].render(into: &text, pretty: pretty, indent: inner)
                text += (index < keys.count - 1 ? "," : "") + newline
            }
            text += (pretty ? indent : "") + "}"
        }
    }

    private static func quote(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A number.
    public init(integerLiteral value: Int) { self = .number(value) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}

extension JSONValue: Codable {
    /// Reads any JSON value whose numbers are whole and fit in an `Int`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Writes the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
