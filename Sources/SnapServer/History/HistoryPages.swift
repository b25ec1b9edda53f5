import Foundation
import Hummingbird

/// The history's pages in the browser: `/history`, `/replay/ID` and `/players/NAME` are the web client's
/// `history.html`, `replay.html` and `players.html`, whose scripts read the id or the name from the address and ask
/// ``HistoryEndpoints`` for the rest.
struct HistoryPages: Sendable {
    /// The folder holding the pages (the web client's files).
    let folder: String

    func add(to router: Router<some RequestContext>) {
        router.get("/history") { _, _ in try Self.page("history.html", in: folder) }
        router.get("/replay/:id") { _, _ in try Self.page("replay.html", in: folder) }
        router.get("/players/:name") { _, _ in try Self.page("players.html", in: folder) }
    }

    /// The web client's page `file` in `folder`, read when asked for (a few kilobytes), so that it is always the one on
    /// disk.
    static func page(_ file: String, in folder: String) throws -> Response {
        guard let data = FileManager.default.contents(atPath: "\(folder)/\(file)") else {
            throw HTTPError(.notFound, message: "The page \(file) is missing from this server's files.")
        }
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
