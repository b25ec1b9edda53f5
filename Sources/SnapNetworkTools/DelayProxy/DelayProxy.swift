import NIOCore
import NIOPosix
import SnapCore
import Synchronization

/// A TCP proxy on loopback that slows each connection down as a distant network would: every chunk read from
/// one side is delivered to the other after that direction's delay and jitter (``DelayProxyLink``), never
/// before a chunk read ahead of it, so bytes are never reordered. When either side closes, the other is closed
/// once what came before the close has been delivered.
///
/// ```swift
/// let proxy = try await DelayProxy.start(
///     forwardingTo: "127.0.0.1", port: 8080, toTarget: .milliseconds(80), toClient: .milliseconds(80, jitter: 20),
///     seed: 1)
/// // connect to 127.0.0.1:\(proxy.port) instead of 8080
/// await proxy.close()
/// ```
public final class DelayProxy: Sendable {
    /// A direction through the proxy.
    public enum Direction: String, Sendable, Hashable {
        /// From the client that connected to the proxy, to the target.
        case toTarget
        /// From the target back to the client.
        case toClient
    }

    /// One end of a proxied connection.
    enum Side {
        case client, target

        /// The direction of what this side sends.
        var outgoing: Direction { self == .client ? .toTarget : .toClient }
        /// The direction of what this side receives.
        var incoming: Direction { self == .client ? .toClient : .toTarget }
    }

    /// The loopback port the proxy listens on.
    public let port: Int
    private let listener: any Channel
    private let state: State

    private init(port: Int, listener: any Channel, state: State) {
        self.port = port
        self.listener = listener
        self.state = state
    }

    /// Starts a proxy on 127.0.0.1 and a free port, forwarding every connection to `host`:`port`.
    ///
    /// - Parameters:
    ///   - toTarget: how the client's bytes are slowed on their way to the target.
    ///   - toClient: how the target's bytes are slowed on their way back.
    ///   - seed: seeds the jitter, so that the same seed draws the same delays for the same chunks.
    ///   - recording: keep every chunk delivered, with its times (see ``chunks``).
    ///   - source: the local address the proxy's connections to the target come from (nil: the system's choice), so
    ///     that a server can tell them apart — for instance 127.0.0.2, a proxy it trusts (`--trusted-proxy`).
    public static func start(
        forwardingTo host: String, port: Int, toTarget: DelayProxyLink, toClient: DelayProxyLink, seed: UInt64,
        recording: Bool = false, from source: String? = nil
    ) async throws -> DelayProxy {
        let state = State(
            host: host, port: port, toTarget: toTarget, toClient: toClient, seed: seed, recording: recording,
            source: try source.map { try SocketAddress(ipAddress: $0, port: 0) })
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try state.accept(channel) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return DelayProxy(port: listener.localAddress?.port ?? 0, listener: listener, state: state)
    }

    /// Every chunk delivered so far, in the order delivered, when started with `recording`.
    public var chunks: [DelayProxyChunk] { state.recorded.withLock { $0 } }

    /// How many connections the proxy has accepted.
    public var connections: Int { state.accepted.load(ordering: .relaxed) }

    /// Stops listening and closes every connection at once, whatever is still on its way.
    public func close() async {
        try? await listener.close()
        for channel in state.open.withLock({ Array($0.values) }) { try? await channel.close() }
    }

    /// What the listener's child channels share: where to connect, how to delay, and what to record.
    private final class State: Sendable {
        let host: String
        let port: Int
        let toTarget: DelayProxyLink
        let toClient: DelayProxyLink
        let seed: UInt64
        let recording: Bool
        let source: SocketAddress?
        let accepted = Atomic(0)
        let recorded = Mutex<[DelayProxyChunk]>([])
        /// The channels of connections not yet closed, both sides, by a number of their own.
        let open = Mutex<[Int: any Channel]>([:])
        private let channelCount = Atomic(0)

        init(
            host: String, port: Int, toTarget: DelayProxyLink, toClient: DelayProxyLink, seed: UInt64, recording: Bool,
            source: SocketAddress?
        ) {
            self.host = host
            self.port = port
            self.toTarget = toTarget
            self.toClient = toClient
            self.seed = seed
            self.recording = recording
            self.source = source
        }

        /// Sets up a newly accepted connection (on its event loop) and starts connecting to the target.
        func accept(_ channel: any Channel) throws {
            let connection = accepted.wrappingAdd(1, ordering: .relaxed).oldValue
            // Each connection and each direction draws from its own generator, so that one connection's traffic
            // does not change another's jitter.
            var seeds = SplitMix64(seed: seed &+ UInt64(connection) &* 0x9E37_79B9_7F4A_7C15)
            let record: (@Sendable (DelayProxyChunk) -> Void)? =
                recording ? { @Sendable [self] chunk in recorded.withLock { $0.append(chunk) } } : nil
            let pipe = DelayProxyPipe(
                eventLoop: channel.eventLoop, connection: connection,
                toTarget: DelayProxySchedule(link: toTarget, random: SplitMix64(seed: seeds.next())),
                toClient: DelayProxySchedule(link: toClient, random: SplitMix64(seed: seeds.next())),
                record: record)
            pipe.clientAccepted(channel)
            try channel.pipeline.syncOperations.addHandler(DelayProxyHandler(pipe: pipe, side: .client))
            remember(channel)
            let bound = NIOLoopBound(pipe, eventLoop: channel.eventLoop)
            var bootstrap = ClientBootstrap(group: channel.eventLoop)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .channelInitializer { target in
                    target.eventLoop.makeCompletedFuture {
                        try target.pipeline.syncOperations.addHandler(DelayProxyHandler(pipe: bound.value, side: .target))
                    }
                }
            if let source { bootstrap = bootstrap.bind(to: source) }
            let connected: EventLoopFuture<any Channel> = bootstrap.connect(host: host, port: port)
            connected.assumeIsolated().whenComplete { (result: Result<any Channel, any Error>) in
                switch result {
                case .success(let target):
                    self.remember(target)
                    bound.value.targetConnected(target)
                case .failure:
                    bound.value.targetFailed()
                }
            }
        }

        private func remember(_ channel: any Channel) {
            let number = channelCount.wrappingAdd(1, ordering: .relaxed).oldValue
            open.withLock { $0[number] = channel }
            channel.closeFuture.whenComplete { [self] _ in open.withLock { _ = $0.removeValue(forKey: number) } }
        }
    }
}
