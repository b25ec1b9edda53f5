import Foundation

/// A compression a static file can be sent in (RFC 9110 §8.4.1), and the choice among them that a request's
/// `Accept-Encoding` makes.
enum ContentCoding: String, CaseIterable, Sendable {
    /// Brotli (RFC 7932): the smaller of the two for text.
    case brotli = "br"
    /// gzip (RFC 1952), which every browser accepts.
    case gzip

    /// The coding to send to a client whose request says `acceptEncoding`, among `available` (in the order to prefer
    /// on a tie): the one it rates highest above 0 (RFC 9110 §12.5.3, `*` standing for any coding not named), unless it
    /// rates `identity` higher; nil for the file as it is (no header, or nothing acceptable).
    static func preferred(by acceptEncoding: String?, among available: [ContentCoding]) -> ContentCoding? {
        guard let acceptEncoding else { return nil }
        var rated: [String: Double] = [:]
        for element in acceptEncoding.split(separator: ",") {
            let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first, !name.isEmpty else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.map { Double($0.dropFirst(2)) ?? 0 } ?? 1
            rated[name == "x-gzip" ? "gzip" : name] = min(max(quality, 0), 1)
        }
        let identity = rated["identity"] ?? 0
        var best: (coding: ContentCoding, quality: Double)?
        for coding in available {
            let quality = rated[coding.rawValue] ?? rated["*"] ?? 0
            if quality > 0, quality >= identity, quality > best?.quality ?? 0 { best = (coding, quality) }
        }
        return best?.coding
    }
}
