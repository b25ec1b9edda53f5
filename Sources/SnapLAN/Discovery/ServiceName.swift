#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The name a server is announced under: a DNS-SD instance name, 1–63 bytes of UTF-8 with no control characters.
public enum ServiceName {
    /// The most bytes an instance name may have (one DNS label).
    public static let maximumLength = 63

    /// `name`, checked.
    public static func validated(_ name: String) throws(ServiceNameError) -> String {
        guard !name.isEmpty else { throw .empty }
        guard name.utf8.count <= maximumLength else { throw .tooLong(bytes: name.utf8.count) }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .controlCharacter
        }
        return name
    }

    /// This machine's host name up to its first dot, cut to fit: the name a server gets by default.
    public static var hostDefault: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "Snap!" }
        let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let label = printable(String(host.prefix { $0 != "." }))
        return label.isEmpty ? "Snap!" : truncated(label, toBytes: maximumLength)
    }

    /// The name to try after `name` was taken `attempt - 1` times: `name` itself for attempt 1, then "name (2)",
    /// "name (3)"…, the name cut short when the number would not fit in 63 bytes.
    public static func numbered(_ name: String, attempt: Int) -> String {
        guard attempt > 1 else { return name }
        let suffix = " (\(attempt))"
        return truncated(name, toBytes: maximumLength - suffix.utf8.count) + suffix
    }

    /// `text` without control characters (a name from the network must not move a terminal's cursor), at most
    /// 63 bytes long.
    public static func printable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { $0.properties.generalCategory != .control })
        return truncated(String(scalars), toBytes: maximumLength)
    }

    /// The longest prefix of `text`, in whole characters, of at most `limit` bytes of UTF-8.
    static func truncated(_ text: String, toBytes limit: Int) -> String {
        var result = ""
        for character in text {
            guard result.utf8.count + String(character).utf8.count <= limit else { break }
            result.append(character)
        }
        return result
    }
}
