import Foundation
import Hummingbird

/// The history's pages in the browser: `/history`, `/replay/ID` and `/players/NAME` are the web client's
/// `history.html`, `replay.html` and `players.html`, whose scripts read the id or the name from the address and ask
/// ``HistoryEndpoints`` for the rest.
struct HistoryPages: Sendable {
    /// The folder holding the pages (the web client's files).
    let folder: String

    func add(to router: Router<some RequestContext>) {
        router.get("/history") { request, _ in try Self.page("history.html", in: folder, for: request) }
        router.get("/replay/:id") { request, _ in try Self.page("replay.html", in: folder, for: request) }
        router.get("/players/:name") { request, _ in try Self.page("players.html", in: folder, for: request) }
    }

    /// The web client's page `file` in `folder` for `request`: compressed when the browser accepts it (see
    /// ``CompressedFiles``, which compresses it again when it changes on disk), else read when asked for (a few
    /// kilobytes), so that it is always the one on disk.
    static func page(_ file: String, in folder: String, for request: Request) throws -> Response {
        let path = "\(folder)/\(file)"
        let contentType = "text/html; charset=utf-8"
        if let compressed = CompressedFiles.shared.response(forFileAt: path, to: request, contentType: contentType) {
            return compressed
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HTTPError(.notFound, message: "The page \(file) is missing from this server's files.")
        }
        return Response(
            status: .ok, headers: [.contentType: contentType, .cacheControl: "no-cache", .vary: "Accept-Encoding"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
