import Foundation
import Hummingbird
import Synchronization

/// The static files that compress well (pages, scripts, styles, catalogues), each compressed once in every coding this
/// machine has and kept for the life of the process, shared by every server in it; a file that changed on disk since
/// (its size or modification time) is compressed again. A coding that does not make a file smaller is not kept.
final class CompressedFiles: Sendable {
    /// One file in one coding.
    struct Variant: Sendable {
        let bytes: [UInt8]
        /// A strong validator of these bytes: the original's hash and the coding.
        let eTag: String
        let modified: Date
    }

    /// The files of every server in this process.
    static let shared = CompressedFiles(encoders: StaticFileEncoders.available)

    /// The extensions of the files worth compressing: text.
    static let compressibleExtensions: Set<String> = ["html", "js", "mjs", "css", "json", "svg", "webmanifest", "txt"]

    private struct Entry {
        let size: Int
        let modified: Date
        let variants: [ContentCoding: Variant]
    }

    private let encoders: [any StaticFileEncoder]
    private let entries = Mutex<[String: Entry]>([:])

    /// The codings these files can be sent in, the one to prefer on a tie first.
    var codings: [ContentCoding] { encoders.map(\.coding) }

    init(encoders: [any StaticFileEncoder]) {
        self.encoders = encoders
    }

    /// Whether the file at `path` is one to compress (by its extension).
    static func isCompressible(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return compressibleExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// The file at `path` in `coding`: nil if it is not a file, not one to compress, or no smaller in that coding.
    func variant(ofFileAt path: String, in coding: ContentCoding) -> Variant? {
        guard Self.isCompressible(path),
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = (attributes[.size] as? NSNumber)?.intValue,
              let modified = attributes[.modificationDate] as? Date
        else { return nil }
        if let entry = entries.withLock({ $0[path] }), entry.size == size, entry.modified == modified {
            return entry.variants[coding]
        }
        // Compressed outside the lock: two first requests for one file may both compress it, and store the same.
        guard let data = FileManager.default.contents(atPath: path), data.count == size else { return nil }
        let bytes = [UInt8](data)
        let hash = Self.hash(bytes)
        var variants: [ContentCoding: Variant] = [:]
        for encoder in encoders {
            guard let encoded = encoder.encode(bytes), encoded.count < bytes.count else { continue }
            variants[encoder.coding] = Variant(bytes: encoded, eTag: "\"\(hash)-\(encoder.coding.rawValue)\"", modified: modified)
        }
        entries.withLock { $0[path] = Entry(size: size, modified: modified, variants: variants) }
        return variants[coding]
    }

    /// The response to `request` for the file at `path`, compressed in the coding the request prefers (or a 304 when
    /// the browser's copy is that one); nil when the file is to be sent as it is.
    func response(forFileAt path: String, to request: Request, contentType: String? = nil) -> Response? {
        guard request.method == .get || request.method == .head,
              let coding = ContentCoding.preferred(by: request.headers[.acceptEncoding], among: codings),
              let variant = variant(ofFileAt: path, in: coding)
        else { return nil }
        var headers: HTTPFields = [
            .contentEncoding: coding.rawValue,
            .vary: "Accept-Encoding",
            .eTag: variant.eTag,
            .lastModified: HTTPDate.string(from: variant.modified),
        ]
        if let cacheControl = StaticFileCaching.policy.getCacheControlHeader(for: path) { headers[.cacheControl] = cacheControl }
        if Self.isFresh(variant, for: request) { return Response(status: .notModified, headers: headers) }
        headers[.contentType] = contentType ?? Self.contentType(of: path)
        headers[.contentLength] = String(variant.bytes.count)
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: variant.bytes))
        return Response(status: .ok, headers: headers, body: body)
    }

    /// Whether the browser's copy is `variant`: its If-None-Match names it or, without one, its If-Modified-Since is
    /// no earlier (RFC 9110 §13.2.2).
    private static func isFresh(_ variant: Variant, for request: Request) -> Bool {
        let matches = request.headers[values: .ifNoneMatch].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if !matches.isEmpty { return matches.contains { $0 == "*" || $0 == variant.eTag || $0 == "W/" + variant.eTag } }
        guard let since = request.headers[.ifModifiedSince].flatMap(HTTPDate.date(from:)) else { return false }
        return variant.modified.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970
    }

    private static func contentType(of path: String) -> String {
        let ext = path.split(separator: ".").last.map(String.init) ?? ""
        return MediaType.getMediaType(forExtension: ext)?.description ?? "application/octet-stream"
    }

    /// FNV-1a, 64 bits, in hexadecimal: enough to tell two versions of a file apart.
    private static func hash(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return String(hash, radix: 16)
    }

    /// Adds `Vary: Accept-Encoding` to `response` when the file at `path` is one that is sent compressed to some: a
    /// cache between must then keep the two apart.
    static func varying(_ response: Response, forFileAt path: String) -> Response {
        guard isCompressible(path), response.headers[.vary] == nil else { return response }
        var response = response
        response.headers[.vary] = "Accept-Encoding"
        return response
    }
}
