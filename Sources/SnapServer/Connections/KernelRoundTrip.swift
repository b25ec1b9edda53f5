import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The kernel's own measure of a TCP connection's round trip, from the ACKs of what it sent (RFC 6298): a client
/// cannot make it longer by holding its answers to our pings, only by slowing its whole device's traffic.
struct KernelRoundTrip: Hashable, Sendable {
    /// The smoothed round trip (`tcpi_rtt`).
    var smoothed: Duration
    /// Its mean deviation (`tcpi_rttvar`).
    var variation: Duration

    /// The longest round trip this connection's network is believed to take: the smoothed one and four times its
    /// deviation, the kernel's own margin before it retransmits. A round trip a client's pongs show beyond it is
    /// the client's doing, not its network's.
    var bound: Duration { smoothed + variation * 4 }
}

/// Reads a socket's ``KernelRoundTrip``: `TCP_INFO` on Linux, `TCP_CONNECTION_INFO` on macOS. Only for a client's
/// own socket: behind a trusted proxy the kernel's round trip is the proxy's (``PeerSocket/roundTripProbe``).
struct KernelRoundTripProbe: Sendable {
    private let provider: any SocketOptionProvider

    /// A probe of `channel`'s socket; nil when the channel is not a socket whose options can be read.
    init?(_ channel: any Channel) {
        guard let provider = channel as? any SocketOptionProvider else { return nil }
        self.provider = provider
    }

    /// Reads the round trip and hands it to `done` on the channel's event loop; a socket that cannot say (closed,
    /// or a platform without the option) hands nothing.
    func read(_ done: @escaping @Sendable (KernelRoundTrip) -> Void) {
        #if os(Linux) || os(Android)
        provider.getTCPInfo().whenSuccess { info in
            // Microseconds; zero before the first ACK has been timed.
            guard info.tcpi_rtt > 0 else { return }
            done(KernelRoundTrip(smoothed: .microseconds(info.tcpi_rtt), variation: .microseconds(info.tcpi_rttvar)))
        }
        #elseif canImport(Darwin)
        provider.getTCPConnectionInfo().whenSuccess { info in
            // Milliseconds.
            guard info.tcpi_srtt > 0 else { return }
            done(KernelRoundTrip(smoothed: .milliseconds(info.tcpi_srtt), variation: .milliseconds(info.tcpi_rttvar)))
        }
        #endif
    }
}
