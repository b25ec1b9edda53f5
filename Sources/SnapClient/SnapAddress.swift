import Foundation
import SnapProtocol

/// Where a Snap! server is, and perhaps which of its tables: parsed from what a person types or scans.
///
/// Accepts the server's WebSocket address (`ws://192.168.1.20:8080/ws`, the path `/ws` by default), a bare
/// `HOST:PORT` or `HOST` (port 8080 unless `https`/`wss`, 443), and the links the server prints and puts in its QR codes
/// (`http://192.168.1.20:8080/`, or `http://192.168.1.20:8080/?t=KXPT` for one table).
///
/// ```swift
/// let address = try SnapAddress("http://192.168.1.20:8080/?t=kxpt")
/// address.webSocketURL  // "ws://192.168.1.20:8080/ws"
/// address.tableCode     // "KXPT"
/// ```
public struct SnapAddress: Sendable, Hashable, CustomStringConvertible {
    /// The port a server listens on unless told otherwise.
    public static let defaultPort = 8080

    /// The server's host name or address (an IPv6 address without brackets).
    public var host: String
    /// The server's port.
    public var port: Int
    /// Whether the connection is encrypted (`wss://`, or an `https://` link): a server behind a proxy such as nginx.
    public var isSecure: Bool
    /// The WebSocket path on the server.
    public var path: String
    /// The table the address names (its four-letter code, normalized), if any.
    public var tableCode: String?

    /// The address parsed from `text`.
    ///
    /// - Throws: ``SnapClientError/invalidAddress(_:)`` when `text` is none of the forms above, or names a table
    ///   code that cannot be one.
    public init(_ text: String) throws(SnapClientError) {
        var typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !typed.contains("://") { typed = "ws://" + typed }
        guard let components = URLComponents(string: typed), let scheme = components.scheme?.lowercased(),
            ["ws", "wss", "http", "https"].contains(scheme), let host = components.host, !host.isEmpty
        else { throw .invalidAddress(text) }
        isSecure = scheme == "wss" || scheme == "https"
        // An IPv6 address comes in brackets, which belong to the URL, not to the address.
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? (isSecure ? 443 : Self.defaultPort)
        // A page's link (http://…/ or http://…/?t=CODE) is served beside the WebSocket at /ws.
        let isLink = scheme == "http" || scheme == "https"
        path = isLink || components.path.isEmpty || components.path == "/" ? "/ws" : components.path
        if let typedCode = components.queryItems?.first(where: { $0.name == "t" })?.value {
            guard let code = TableCode.normalized(typedCode) else { throw .invalidAddress(text) }
            tableCode = code
        }
    }

    /// The address of the server at `host` and `port`, and of its table `code` when given.
    public init(host: String, port: Int = Self.defaultPort, tableCode: String? = nil) {
        self.host = host
        self.port = port
        isSecure = false
        path = "/ws"
        self.tableCode = tableCode
    }

    /// The address to open a WebSocket to (`ws://HOST:PORT/ws`).
    public var webSocketURL: String {
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return "\(isSecure ? "wss" : "ws")://\(bracketed):\(port)\(path)"
    }

    /// The WebSocket address, and the table's code if there is one.
    public var description: String {
        webSocketURL + (tableCode.map { " (table \($0))" } ?? "")
    }
}
