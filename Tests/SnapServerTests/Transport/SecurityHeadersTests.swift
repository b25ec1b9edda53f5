import Foundation
import SnapTestSupport
import Testing

@testable import SnapServer
import SnapServerTestSupport

/// Every response of a real server, over a real socket, carries the security headers (docs/SERVER.md): the pages,
/// their scripts, the JSON, a 404, the big screen's refusal, and the refusals made before any route is found.
@Suite struct SecurityHeadersTests {
    /// The response's headers, names in lower case, once it has come whole.
    static func headers(of request: String, port: Int) async throws -> (status: Int?, headers: [String: String]) {
        let probe = try TCPProbe(port: port)
        probe.send(request)
        #expect(await probe.waitForClose(), "the server should answer and close: \(request.prefix(40))")
        let text = String(decoding: probe.received, as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
        var headers = [String: String]()
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (probe.status, headers)
    }

    static func get(_ path: String) -> String { "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" }

    @Test func everyResponseCarriesThem() async throws {
        let server = try await TestServer.start()
        let requests: [(String, Int)] = [
            (Self.get("/"), 200), (Self.get("/js/main.js"), 200), (Self.get("/css/snap.css"), 200),
            (Self.get("/api/tables"), 200), (Self.get("/healthz"), 200), (Self.get("/history"), 200),
            (Self.get("/no-such-page"), 404), (Self.get("/tv?t=ZZZZ"), 404),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", 404),
            ("GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 12\r\n\r\n", 426),
        ]
        for (request, status) in requests {
            let (got, headers) = try await Self.headers(of: request, port: server.port)
            let what = request.prefix(while: { $0 != "\r" })
            #expect(got == status, "\(what)")
            #expect(headers["content-security-policy"] == SecurityHeaders.contentSecurityPolicy, "\(what)")
            #expect(headers["x-content-type-options"] == "nosniff", "\(what)")
            #expect(headers["referrer-policy"] == "no-referrer", "\(what)")
            #expect(headers["x-frame-options"] == "DENY", "\(what)")
        }
        await server.stop()
    }

    @Test func thePolicyAllowsNoInlineScriptAndNoFraming() {
        let policy = SecurityHeaders.contentSecurityPolicy
        let directives = Dictionary(
            uniqueKeysWithValues: policy.components(separatedBy: "; ").map { directive in
                let words = directive.split(separator: " ").map(String.init)
                return (words[0], Array(words.dropFirst()))
            })
        #expect(directives["script-src"] == ["'self'"])
        #expect(directives["style-src"] == ["'self'"])
        #expect(directives["frame-ancestors"] == ["'none'"])
        #expect(directives["object-src"] == ["'none'"])
        #expect(!policy.contains("unsafe"))
    }
}
