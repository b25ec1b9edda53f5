import NIOCore

#if canImport(Darwin)
import Darwin
#endif

/// The kernel's own measure of a TCP connection's round trip, from the ACKs of what it sent (RFC 6298): a client
/// cannot make it longer by holding its answers to our pings, only by slowing its whole device's traffic.
struct KernelRoundTrip: Hashable, Sendable {
    /// The smoothed round trip (`tcpi_rtt`).
    var smoothed: Duration
    /// Its mean deviation (`tcpi_rttvar`).
    var variation: Duration
    /// The shortest round trip seen in the last minutes (`tcpi_min_rtt`, Linux): the network's own, with none of
    /// the receiver's delayed ACKs in it. Nil where the kernel does not say.
    var minimum: Duration?

    /// The longest round trip this connection's network is believed to take: the smoothed one and four times its
    /// deviation, the kernel's own margin before it retransmits. A round trip a client's pongs show beyond it is
    /// the client's doing, not its network's. It carries the client's delayed ACKs (up to 40 ms on Linux) when
    /// the client has nothing to send back at once, which is what holding a pong makes it.
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
        // Linux's own `struct tcp_info`, of which glibc's declares only the start: `tcpi_min_rtt` is further on.
        provider.unsafeGetSocketOption(level: .tcp, name: .tcp_info).whenSuccess { (info: LinuxTCPInfo) in
            guard let roundTrip = info.roundTrip else { return }
            done(roundTrip)
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

#if os(Linux) || os(Android)
/// The bytes of Linux's `struct tcp_info` (include/uapi/linux/tcp.h) as far as `tcpi_min_rtt` and a little beyond;
/// a kernel older than 4.6 fills fewer, and the rest stays zero (NIO zeroes the buffer before `getsockopt`).
struct LinuxTCPInfo: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// The byte offsets of the fields read, in microseconds each (u32): eight bytes of u8 fields, then the u32s
    /// `rto`, `ato`, … `pmtu` (offset 60), `rcv_ssthresh`, `rtt` (68), `rttvar` (72), …, `total_retrans` (100), then
    /// u64 rates and byte counts, `segs_out`, `segs_in`, `notsent_bytes` (144) and `min_rtt` (148).
    static let rttOffset = 68, rttvarOffset = 72, minRTTOffset = 148

    private func u32(at offset: Int) -> UInt32 {
        withUnsafeBytes(of: words) { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    }

    /// The round trip it says; nil before the first ACK has been timed.
    var roundTrip: KernelRoundTrip? {
        let smoothed = u32(at: Self.rttOffset)
        guard smoothed > 0 else { return nil }
        let minimum = u32(at: Self.minRTTOffset)
        return KernelRoundTrip(
            smoothed: .microseconds(smoothed), variation: .microseconds(u32(at: Self.rttvarOffset)),
            minimum: minimum > 0 ? .microseconds(minimum) : nil)
    }
}
#endif
