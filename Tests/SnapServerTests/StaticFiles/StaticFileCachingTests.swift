import Foundation
import SnapTestSupport
import Testing

@testable import SnapServer
import SnapServerTestSupport

/// The static files are kept by browsers but checked before every use: `no-cache` with an ETag and Last-Modified, and
/// a 304 with no body when nothing changed.
@Suite struct StaticFileCachingTests {
    @Test func staticFilesAreRevalidatedAndAnUnchangedOneCostsA304() async throws {
        let server = try await TestServer.start()
        for path in ["/", "/js/main.js", "/css/snap.css", "/i18n/de.json", "/favicon.svg"] {
            let (status, headers) = try await SecurityHeadersTests.headers(of: SecurityHeadersTests.get(path), port: server.port)
            #expect(status == 200, "\(path)")
            #expect(headers["cache-control"] == "no-cache", "\(path): \(headers)")
            let etag = try #require(headers["etag"], "\(path) has no ETag")
            #expect(headers["last-modified"] != nil, "\(path)")
            let again = "GET \(path) HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(etag)\r\nConnection: close\r\n\r\n"
            let probe = try TCPProbe(port: server.port)
            probe.send(again)
            #expect(await probe.waitForClose())
            #expect(probe.status == 304, "\(path): an unchanged file")
            let text = String(decoding: probe.received, as: UTF8.self)
            #expect(text.hasSuffix("\r\n\r\n"), "\(path): a 304 has no body")
        }
        await server.stop()
    }
}
