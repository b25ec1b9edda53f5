import Foundation
import SnapLAN
import SnapLocalization
import SnapTestSupport
import Testing

@testable import SnapServer
import SnapServerTestSupport

/// The static files go out compressed where the browser accepts it (docs/SERVER.md, "Compression"): brotli or gzip
/// by Accept-Encoding, with Vary, validators of their own and a 304; decoded here by the system's own decoders, the
/// bytes are the files on disk.
@Suite struct StaticFileCompressionTests {
    /// A response read whole: status, headers (names in lower case) and body.
    struct Answer {
        let status: Int?
        let headers: [String: String]
        let body: [UInt8]
    }

    static func ask(_ path: String, method: String = "GET", headers: [String: String] = [:], port: Int) async throws -> Answer {
        let probe = try TCPProbe(port: port)
        let lines = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        probe.send("\(method) \(path) HTTP/1.1\r\nHost: x\r\n\(lines)Connection: close\r\n\r\n")
        #expect(await probe.waitForClose(), "the server should answer \(path) and close")
        let end = try #require(probe.received.firstRange(of: Array("\r\n\r\n".utf8)), "no end of head for \(path)")
        var fields = [String: String]()
        for line in String(decoding: probe.received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: probe.status, headers: fields, body: Array(probe.received[end.upperBound...]))
    }

    /// The web client's file behind `path`, as it is on disk.
    static func onDisk(_ path: String) throws -> [UInt8] {
        let file = switch path {
        case "/": "\(SnapGameServer.publicFolder)/index.html"
        case "/history": "\(SnapGameServer.publicFolder)/history.html"
        case let catalogue where catalogue.hasPrefix("/i18n/"): "\(try #require(Catalogue.folder).path)/\(catalogue.dropFirst(6))"
        default: SnapGameServer.publicFolder + path
        }
        return [UInt8](try #require(FileManager.default.contents(atPath: file), "no file \(file)"))
    }

    static let paths = ["/", "/js/main.js", "/css/snap.css", "/i18n/de.json", "/history", "/favicon.svg", "/manifest.webmanifest"]

    @Test func eachCodingDecodesToTheFileOnDisk() async throws {
        let server = try await TestServer.start()
        for path in Self.paths {
            let original = try Self.onDisk(path)
            let plain = try await Self.ask(path, port: server.port)
            #expect(plain.status == 200 && plain.headers["content-encoding"] == nil, "\(path)")
            #expect(plain.headers["vary"] == "Accept-Encoding", "\(path): a cache must keep the codings apart")
            #expect(plain.body == original, "\(path) as it is")

            let br = try await Self.ask(path, headers: ["Accept-Encoding": "gzip, deflate, br, zstd"], port: server.port)
            #expect(br.status == 200 && br.headers["content-encoding"] == "br", "\(path): \(br.headers)")
            #expect(br.headers["vary"] == "Accept-Encoding" && br.headers["cache-control"] == "no-cache", "\(path)")
            #expect(br.headers["content-length"] == String(br.body.count), "\(path)")
            #expect(br.headers["content-type"] == plain.headers["content-type"], "\(path)")
            #expect(br.headers["content-security-policy"] != nil, "\(path): the security headers too")
            #expect(try Decoders.brotli(br.body, size: original.count) == original, "\(path) in brotli")
            #expect(br.body.count * (original.count > 4096 ? 3 : 1) < original.count,
                    "\(path): \(original.count) bytes, \(br.body.count) in brotli")

            let gzip = try await Self.ask(path, headers: ["Accept-Encoding": "gzip;q=1, br;q=0.5"], port: server.port)
            #expect(gzip.headers["content-encoding"] == "gzip", "\(path): \(gzip.headers)")
            #expect(try Decoders.gunzip(gzip.body) == original, "\(path) in gzip")
            #expect(Set([plain.headers["etag"], br.headers["etag"], gzip.headers["etag"]]).count == 3,
                    "\(path): each coding is a representation with its own validator")
        }
        await server.stop()
    }

    @Test func anUnchangedCompressedFileCostsA304AndAHeadNoBody() async throws {
        let server = try await TestServer.start()
        let accept = ["Accept-Encoding": "br"]
        let first = try await Self.ask("/js/main.js", headers: accept, port: server.port)
        let etag = try #require(first.headers["etag"])
        let again = try await Self.ask("/js/main.js", headers: accept.merging(["If-None-Match": etag]) { $1 }, port: server.port)
        #expect(again.status == 304 && again.body.isEmpty, "\(again.headers)")
        #expect(again.headers["etag"] == etag && again.headers["vary"] == "Accept-Encoding")
        let modified = try #require(first.headers["last-modified"])
        let since = try await Self.ask("/js/main.js", headers: accept.merging(["If-Modified-Since": modified]) { $1 }, port: server.port)
        #expect(since.status == 304)
        // The browser's copy is gzip's: not the one it would be sent now.
        let other = try await Self.ask("/js/main.js", headers: ["Accept-Encoding": "gzip"], port: server.port)
        let stale = try await Self.ask(
            "/js/main.js", headers: accept.merging(["If-None-Match": try #require(other.headers["etag"])]) { $1 }, port: server.port)
        #expect(stale.status == 200 && stale.headers["content-encoding"] == "br")
        let head = try await Self.ask("/js/main.js", method: "HEAD", headers: accept, port: server.port)
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == first.headers["content-length"])
        await server.stop()
    }

    @Test func imagesAndRefusedCodingsGoAsTheyAre() async throws {
        let server = try await TestServer.start()
        let icon = try await Self.ask("/icons/icon-192.png", headers: ["Accept-Encoding": "br, gzip"], port: server.port)
        #expect(icon.status == 200 && icon.headers["content-encoding"] == nil && icon.headers["vary"] == nil, "\(icon.headers)")
        for refused in ["identity", "br;q=0, gzip;q=0", "*;q=0", "compress"] {
            let answer = try await Self.ask("/js/main.js", headers: ["Accept-Encoding": refused], port: server.port)
            #expect(answer.status == 200 && answer.headers["content-encoding"] == nil, "\(refused)")
            #expect(answer.body == (try Self.onDisk("/js/main.js")), "\(refused)")
        }
        let missing = try await Self.ask("/js/no-such-file.js", headers: ["Accept-Encoding": "br"], port: server.port)
        #expect(missing.status == 404)
        await server.stop()
    }

    @Test func theChoiceFollowsAcceptEncoding() {
        let both: [ContentCoding] = [.brotli, .gzip]
        let cases: [(String?, [ContentCoding], ContentCoding?)] = [
            (nil, both, nil), ("", both, nil), ("gzip, deflate, br, zstd", both, .brotli), ("gzip", both, .gzip),
            ("x-gzip", both, .gzip), ("BR", both, .brotli), ("*", both, .brotli), ("*;q=0", both, nil),
            ("br;q=0, *", both, .gzip), ("gzip;q=0.5, br;q=0.4", both, .gzip), ("gzip;q=0.5, identity", both, nil),
            ("gzip, identity;q=0.5", both, .gzip), ("br", [.gzip], nil), ("gzip ; q=0.9 , br ; q=0.8", both, .gzip),
            ("gzip;q=nonsense, br;q=2", both, .brotli), ("identity", both, nil), (",,;", both, nil),
        ]
        for (header, available, expected) in cases {
            #expect(ContentCoding.preferred(by: header, among: available) == expected, "\(header ?? "no header")")
        }
    }

    @Test func aFileChangedOnDiskIsCompressedAgainAndOnlySmallerCodingsAreKept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compressed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("page.js").path
        let files = CompressedFiles(encoders: StaticFileEncoders.available)
        let first = Array(String(repeating: "let snap = 'Snap!';\n", count: 200).utf8)
        #expect(FileManager.default.createFile(atPath: file, contents: Data(first)))
        let before = try #require(files.variant(ofFileAt: file, in: .gzip))
        #expect(try Decoders.gunzip(before.bytes) == first)
        let second = Array(String(repeating: "let pair = 'Match!';\n", count: 300).utf8)
        #expect(FileManager.default.createFile(atPath: file, contents: Data(second)))
        let after = try #require(files.variant(ofFileAt: file, in: .brotli))
        #expect(try Decoders.brotli(after.bytes, size: second.count) == second)
        #expect(files.variant(ofFileAt: file, in: .gzip)?.eTag != before.eTag)

        let tiny = folder.appendingPathComponent("tiny.css").path
        #expect(FileManager.default.createFile(atPath: tiny, contents: Data("a{}".utf8)))
        #expect(files.variant(ofFileAt: tiny, in: .gzip) == nil, "gzip's 18 bytes of frame make 3 bytes larger")
        #expect(files.variant(ofFileAt: folder.path, in: .gzip) == nil, "a folder is not a file")
        #expect(files.variant(ofFileAt: folder.appendingPathComponent("none.js").path, in: .gzip) == nil)
    }

    @Test func httpDatesGoBothWays() throws {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.string(from: date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.date(from: "Sun, 06 Nov 1994 08:49:37 GMT") == date)
        for bad in ["", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 CET", "Sun, 06 Foo 1994 08:49:37 GMT"] {
            #expect(HTTPDate.date(from: bad) == nil, "\(bad)")
        }
    }
}

/// The system's own decoders, to check what the server encoded: libbrotlidec, and the gzip program.
enum Decoders {
    struct Failed: Error { let what: String }

    private typealias BrotliDecompress = @convention(c) (
        Int, UnsafePointer<UInt8>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<UInt8>?
    ) -> Int32

    static func brotli(_ encoded: [UInt8], size: Int) throws -> [UInt8] {
        let library = try #require(DynamicLibrary(firstOf: ["libbrotlidec.so.1", "libbrotlidec.dylib"]), "no libbrotlidec")
        let decompress = try #require(library.function("BrotliDecoderDecompress", as: BrotliDecompress.self))
        var decoded = [UInt8](repeating: 0, count: size + 16)
        var length = decoded.count
        let result = encoded.withUnsafeBufferPointer { source in
            decoded.withUnsafeMutableBufferPointer { decompress(source.count, source.baseAddress, &length, $0.baseAddress) }
        }
        guard result == 1 else { throw Failed(what: "brotli: result \(result)") }
        return Array(decoded.prefix(length))
    }

    static func gunzip(_ encoded: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc"]
        let (input, output) = (Pipe(), Pipe())
        (process.standardInput, process.standardOutput) = (input, output)
        try process.run()
        input.fileHandleForWriting.write(Data(encoded))
        try input.fileHandleForWriting.close()
        let decoded = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(what: "gzip -dc: status \(process.terminationStatus)") }
        return [UInt8](decoded)
    }
}
