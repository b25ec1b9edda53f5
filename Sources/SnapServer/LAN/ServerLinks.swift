/// The web addresses that reach a server from other devices, best first: what the banner prints, what the page
/// puts in its share link and QR code, and never `localhost` where the machine has a LAN address.
public struct ServerLinks: Hashable, Sendable, Encodable {
    /// The page's address on each of the machine's LAN addresses (`http://192.168.1.20:8080/`), best first; on
    /// a server listening on one address, that one; 127.0.0.1 only when there is nothing else.
    public var links: [String]
    /// The one to share: the first of ``links``.
    public var join: String

    /// The links of a server listening on `host` (0.0.0.0 or :: for every interface) and `port`, on a machine
    /// with `addresses` (``NetworkAddresses/local()``).
    public init(host: String, port: Int, addresses: [String] = NetworkAddresses.local()) {
        let hosts: [String]
        if host == "0.0.0.0" || host == "::" {
            hosts = addresses.isEmpty ? ["127.0.0.1"] : addresses
        } else {
            hosts = [host.contains(":") ? "[\(host)]" : host]
        }
        links = hosts.map { "http://\($0):\(port)/" }
        join = links[0]
    }

    /// The link that opens table `code` at once (`http://192.168.1.20:8080/?t=KXPT`).
    public func table(_ code: String) -> String {
        "\(join)?t=\(code)"
    }
}
