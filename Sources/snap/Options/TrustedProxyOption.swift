import ArgumentParser
import SnapServer

/// `--trusted-proxy`: the proxies in front of a server, whose X-Forwarded-For says where players come from, and whose
/// own round trip the kernel would measure in place of the players' (`snap serve`, `snap host`).
struct TrustedProxyOption: ParsableArguments {
    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A proxy in front of this server (nginx, a load balancer) whose X-Forwarded-For says where players come from: an address or a block, e.g. 127.0.0.1 or 10.0.0.0/8. Repeat for several.",
            discussion: """
                For a game connection from a trusted proxy, the caps of connections and tables per address count \
                the right-most address in X-Forwarded-For that is not itself a trusted proxy (the proxy's own address \
                when the header is missing or cannot be read). The caps of sockets per address and of how fast one \
                address opens them apply at accept, before any header is read: a trusted proxy is exempt from them \
                (limit addresses in the proxy itself, e.g. nginx's limit_conn). Without this option the header is \
                ignored, so that a client cannot choose the address it is counted by. A player's network allowance \
                comes from their pongs alone behind a trusted proxy: the kernel's round trip would be the proxy's.
                """,
            valueName: "ADDR"))
    var trustedProxies: [String] = []

    func validate() throws {
        do throws(TrustedProxies.InvalidEntry) {
            _ = try TrustedProxies(trustedProxies)
        } catch {
            throw ValidationError("--trusted-proxy \(error.entry) is not an IP address or a block of them: pass one such as 127.0.0.1, ::1 or 10.0.0.0/8.")
        }
    }

    /// Puts the proxies into a server's configuration.
    func apply(to configuration: inout SnapServerConfiguration) {
        configuration.trustedProxies = (try? TrustedProxies(trustedProxies)) ?? TrustedProxies()
    }
}
