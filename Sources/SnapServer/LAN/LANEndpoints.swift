import Foundation
import Hummingbird
import Synchronization
import SnapLAN
import SnapProtocol

/// The HTTP endpoints that help people on the network reach a table: the server's own LAN links (so the page
/// never shares `localhost`) and a QR code of each table's join link.
struct LANEndpoints: Sendable {
    /// The links, known once the server listens (its port may have been chosen then).
    final class Links: Sendable {
        private let value = Mutex<ServerLinks?>(nil)

        var current: ServerLinks? { value.withLock { $0 } }

        func set(_ links: ServerLinks) { value.withLock { $0 = links } }
    }

    /// What `GET /api/server` answers.
    struct ServerDescription: Encodable {
        var links: [String]
        var join: String
        /// Whether `qr.svg` can be asked for (libqrencode is installed).
        var qr: Bool
    }

    let links: Links
    let lobby: Lobby

    func add(to router: Router<some RequestContext>) {
        router.get("/api/server") { _, _ in
            guard let links = links.current else { throw HTTPError(.serviceUnavailable, message: "Not listening yet.") }
            let description = ServerDescription(links: links.links, join: links.join, qr: QREncoder.shared != nil)
            return Self.json(try JSONEncoder.sorted.encode(description))
        }
        router.get("/api/tables/:code/qr.svg") { _, context in
            let typed = context.parameters.get("code") ?? ""
            guard let code = TableCode.normalized(typed), await lobby.lists(code: code) else {
                throw HTTPError(.notFound, message: "There is no table \(typed.prefix(8)) on this server.")
            }
            guard let links = links.current else { throw HTTPError(.serviceUnavailable, message: "Not listening yet.") }
            let link = links.table(code)
            do {
                let svg = try QRCode.encoding(link).svg(title: "Join table \(code) at \(link)")
                return Response(
                    status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "no-cache"],
                    body: .init(byteBuffer: ByteBuffer(string: svg)))
            } catch {
                throw HTTPError(.serviceUnavailable, message: "\(error) Share the link instead: \(link)")
            }
        }
    }

    private static func json(_ body: Data) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension JSONEncoder {
    /// An encoder with sorted keys, so that the same value always reads the same.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
