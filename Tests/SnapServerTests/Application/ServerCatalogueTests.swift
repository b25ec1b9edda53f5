import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import SnapServer
import SnapServerTestSupport

/// The web client's texts are served at `/i18n/<tag>.json`, as the other static files are, and nothing else there.
@Suite struct ServerCatalogueTests {
    @Test func everyLanguagesCatalogueIsServedAsTheOtherStaticFilesAre() async throws {
        let server = try await TestServer.start()
        let style = try await head(server, "/css/snap.css")
        for tag in ["en", "nl", "de", "fr", "es", "pt-BR", "ja"] {
            let answer = try await server.get("/i18n/\(tag).json")
            #expect(answer.status == 200, "\(tag)")
            let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            #expect(object?["status.dealing"] is String, "\(tag)")
            let headers = try await head(server, "/i18n/\(tag).json")
            #expect(headers.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true, "\(tag)")
            // The same validators and caching as every other file of the web client.
            for field in ["ETag", "Last-Modified", "Cache-Control"] {
                #expect(
                    (headers.value(forHTTPHeaderField: field) == nil) == (style.value(forHTTPHeaderField: field) == nil),
                    "\(tag): \(field)")
            }
        }
        await server.stop()
    }

    @Test(arguments: ["/i18n/xx.json", "/i18n/pt.json", "/i18n/de.JSON", "/i18n/de", "/i18n/", "/i18n/terminal/de.json"])
    func anythingButTheSevenCataloguesIsNotFound(path: String) async throws {
        let server = try await TestServer.start()
        #expect(try await server.get(path).status == 404, "\(path)")
        await server.stop()
    }

    /// The headers of a GET of `path`.
    private func head(_ server: TestServer, _ path: String) async throws -> HTTPURLResponse {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
        request.setValue("close", forHTTPHeaderField: "Connection")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        return try #require(response as? HTTPURLResponse)
    }
}
