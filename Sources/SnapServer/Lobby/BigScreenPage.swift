import Foundation
import Hummingbird
import SnapProtocol

/// The big screen: `/tv?t=CODE` is the game's page (`index.html`), which sees that address and watches table CODE
/// from no seat, drawn large for a television. A code that no open table has gets a page saying so, and a 404.
struct BigScreenPage: Sendable {
    /// The folder holding the page (the web client's files).
    let folder: String
    let lobby: Lobby

    func add(to router: Router<some RequestContext>) {
        router.get("/tv") { request, _ in
            let typed = request.uri.queryParameters.get("t").map { String($0) } ?? ""
            guard let code = TableCode.normalized(typed) else {
                return Self.missing(
                    "“\(Self.shown(typed))” is not a table code",
                    "A table's code is four letters, shown in the host's waiting room. Open /tv?t=CODE with it.")
            }
            guard await lobby.lists(code: code) else {
                return Self.missing(
                    "There is no table \(code) here",
                    "Check the code on the host's screen: a table closes when everyone has left it. Then open /tv?t=\(code) again.")
            }
            return try HistoryPages.page("index.html", in: folder, for: request)
        }
    }

    /// What was typed, safe to show in a page: at most 12 letters and digits.
    private static func shown(_ typed: String) -> String {
        String(typed.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII }.prefix(12))
    }

    /// A plain page saying what is wrong and what to do, with a 404.
    private static func missing(_ title: String, _ advice: String) -> Response {
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Snap! · \(title)</title><link rel="stylesheet" href="/css/snap.css"></head>
            <body class="big-screen-missing"><main class="panel"><h1>\(title)</h1><p>\(advice)</p>
            <p><a href="/">Open Snap!</a></p></main></body></html>
            """
        return Response(
            status: .notFound, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
