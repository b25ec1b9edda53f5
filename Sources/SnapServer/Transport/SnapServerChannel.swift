import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOWebSocket
import Synchronization

/// How each socket of a Snap! server is set up: HTTP for the page, `/api` and `/metrics`, served by the router,
/// and the game's WebSocket at `/ws` — with the guards that keep one client from holding more than its share
/// (``ConnectionRegistry``, ``HTTPRequestGuard``, ``WebSocketFrameGuard``) in front of both.
///
/// HTTP goes to Hummingbird's router, with a task per connection while it lasts. The WebSocket is the lean path:
/// NIO channel handlers and a ``WebSocketSession`` per connection, with no task, async stream or buffer of its own
/// — a connected player costs the server what its socket, its handlers and its session hold, and no more.
struct SnapServerChannel: ServerChildChannel, HTTPChannelHandler {
    /// Opens the session of a newly upgraded WebSocket connection, on its event loop.
    typealias SessionOpener = @Sendable (any Channel, PeerSocket) -> any WebSocketSession

    enum UpgradeResult: Sendable {
        /// The connection is a WebSocket now: its handlers and session do the rest.
        case webSocket
        case http(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
    }

    struct Value: ServerChildChannelValue {
        let upgradeResult: EventLoopFuture<UpgradeResult>?
        let channel: any Channel
    }

    /// The settings of the socket level.
    struct Settings: Sendable {
        /// How long a request may take to arrive, and an idle connection may wait for its next one.
        var requestTimeout: TimeAmount
        /// The largest WebSocket message (frames and fragmented messages alike).
        var maximumMessageSize: Int
        /// How fast one connection may send WebSocket frames.
        var frameRate: RequestLimits.Rate
        /// The kernel's send buffer for each connection; nil: the system's.
        var socketSendBuffer: Int? = nil
    }

    /// How much each read takes from a socket at first: clients send small packets, so the buffer a connection
    /// keeps for reading starts small and grows only for a client that sends more.
    static let receiveBuffer = AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 128, maximum: 16 * 1024)

    let responder: HTTPChannelHandler.Responder
    let settings: Settings
    let registry: ConnectionRegistry
    let onRefused: @Sendable (ConnectionRegistry.Refusal) -> Void
    let openSession: SessionOpener

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            switch registry.admit(channel, at: .nanoseconds(Int64(NIODeadline.now().uptimeNanoseconds))) {
            case .failure(let refusal):
                onRefused(refusal)
                channel.close(promise: nil)
                return Value(upgradeResult: nil, channel: channel)
            case .success(let evicted):
                for idle in evicted {
                    onRefused(.evictedIdle)
                    idle.close(promise: nil)
                }
            }
            channel.closeFuture.whenComplete { [registry] _ in registry.release(channel) }
            if let bytes = settings.socketSendBuffer {
                try channel.syncOptions?.setOption(.socketOption(.so_sndbuf), value: SocketOptionValue(bytes))
            }
            try channel.syncOptions?.setOption(.recvAllocator, value: Self.receiveBuffer)
            return Value(upgradeResult: try configurePipeline(channel), channel: channel)
        }
    }

    /// Whether a server of this process has warmed up (``warmUp()``); taken while one does.
    private static let warmedUp = Mutex(false)

    /// Sets up one connection on a channel of its own, reads a request on it and writes a response, once per
    /// process and before the server takes any connection: the generic types of the pipeline, of reading a request
    /// and of writing a response are made here, on one thread. Swift's runtime has been seen to crash when two
    /// threads make the same generic type for the first time at once — a server's first two connections, one on
    /// each event loop, building their pipelines together (a null pointer while one thread checked a conformance of
    /// `HTTPPart` that the other was still making). Servers started together in one process (the tests') take turns.
    /// The channel never touches a socket or the registry's counts, and is closed at once.
    func warmUp() {
        Self.warmedUp.withLock { warmedUp in
            guard !warmedUp else { return }
            warmedUp = true
            let channel = EmbeddedChannel()
            defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
            guard (try? configurePipeline(channel)) != nil else { return }
            let request = "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
            _ = try? channel.writeInbound(ByteBuffer(string: request))
            _ = try? channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
            _ = try? channel.writeOutbound(HTTPResponsePart.end(nil))
        }
    }

    private func configurePipeline(_ channel: any Channel) throws -> EventLoopFuture<UpgradeResult> {
        let upgrader = NIOTypedWebSocketServerUpgrader<UpgradeResult>(
            maxFrameSize: settings.maximumMessageSize,
            // The frame guard answers the decoder's errors, through the session's sender.
            enableAutomaticErrorHandling: false,
            shouldUpgrade: { channel, _ in
                // The request guard has checked the path, the key and the version already.
                channel.eventLoop.makeCompletedFuture(.success([:]))
            },
            upgradePipelineHandler: { [settings, openSession, registry] channel, head in
                channel.eventLoop.makeCompletedFuture {
                    // Behind a trusted proxy, the player is who the upgrade request says it forwards.
                    let peer = PeerSocket(
                        channel: channel, registry: registry, forwardedFor: head.headers["x-forwarded-for"])
                    try WebSocketPipeline.install(
                        on: channel, session: openSession(channel, peer), maximumMessageSize: settings.maximumMessageSize,
                        frameRate: settings.frameRate)
                    return UpgradeResult.webSocket
                }
            })
        let notUpgrading: @Sendable (any Channel) -> EventLoopFuture<UpgradeResult> = { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
                return UpgradeResult.http(
                    try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                        wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true)))
            }
        }
        // NIO's HTTP server pipeline, with the request guard between the decoder and the upgrade handler. The guard
        // is the first of the HTTP handlers an upgrade removes, so what follows an upgrade request never reaches it.
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = 8 * 1024
        limits.maxHeaderListSize = 32 * 1024
        limits.maxHeaderFieldCount = 100
        let encoder = HTTPResponseEncoder()
        let decoder = ByteToMessageHandler(
            HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes, informationalResponseStrategy: .drop, limitConfiguration: limits))
        // A socket that has sent a request worth answering has earned its keep while it is answered: it is not
        // evicted to make room until it waits, idle, for its next request.
        let requestGuard = HTTPRequestGuard(
            requestTimeout: settings.requestTimeout, onRequest: { [registry] in registry.prove(channel) },
            onIdle: { [registry] in registry.idle(channel) })
        let upgradeHandler = NIOTypedHTTPServerUpgradeHandler(
            httpEncoder: encoder, extraHTTPHandlers: [requestGuard, decoder],
            upgradeConfiguration: .init(upgraders: [upgrader], notUpgradingCompletionHandler: notUpgrading))
        try channel.pipeline.syncOperations.addHandlers([encoder, decoder, requestGuard, upgradeHandler])
        return upgradeHandler.upgradeResultFuture
    }

    func handle(value: Value, logger: Logger) async {
        guard let upgradeResult = value.upgradeResult else { return }
        do {
            switch try await upgradeResult.get() {
            case .http(let http):
                await handleHTTP(asyncChannel: http, logger: logger)
            case .webSocket:
                // The connection's handlers and session carry on without this task.
                return
            }
        } catch {
            // The connection closed before or during the upgrade; there is nothing to answer.
            logger.trace("connection ended during setup: \(error)")
        }
    }
}
