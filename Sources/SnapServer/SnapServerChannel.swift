import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOWebSocket
@_spi(WSInternal) import WSCore

/// How each socket of a Snap! server is set up: HTTP for the page, `/api` and `/metrics`, served by the router,
/// and the game's WebSocket at `/ws` — with the guards that keep one client from holding more than its share
/// (``ConnectionRegistry``, ``HTTPRequestGuard``, ``WebSocketFrameGuard``) in front of both.
struct SnapServerChannel: ServerChildChannel, HTTPChannelHandler {
    typealias WebSocketHandler = @Sendable (WebSocketInboundStream, WebSocketOutboundWriter, PeerSocket) async -> Void

    enum UpgradeResult: Sendable {
        case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, PeerSocket)
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
        /// The WebSocket handler's own settings (pings, close timeout).
        var webSocket: WebSocketServerConfiguration
        /// The kernel's send buffer for each connection; nil: the system's.
        var socketSendBuffer: Int? = nil
    }

    let responder: HTTPChannelHandler.Responder
    let settings: Settings
    let registry: ConnectionRegistry
    let onRefused: @Sendable (ConnectionRegistry.Refusal) -> Void
    let webSocketHandler: WebSocketHandler

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            switch registry.admit(channel, at: .nanoseconds(Int64(NIODeadline.now().uptimeNanoseconds))) {
            case .failure(let refusal):
                onRefused(refusal)
                channel.close(promise: nil)
                return Value(upgradeResult: nil, channel: channel)
            case .success(let evicted):
                if let evicted {
                    onRefused(.evictedIdle)
                    evicted.close(promise: nil)
                }
            }
            channel.closeFuture.whenComplete { [registry] _ in registry.release(channel) }
            if let bytes = settings.socketSendBuffer {
                try channel.syncOptions?.setOption(.socketOption(.so_sndbuf), value: SocketOptionValue(bytes))
            }
            return Value(upgradeResult: try configurePipeline(channel), channel: channel)
        }
    }

    private func configurePipeline(_ channel: any Channel) throws -> EventLoopFuture<UpgradeResult> {
        let peer = PeerSocket(channel: channel, registry: registry)
        let upgrader = NIOTypedWebSocketServerUpgrader<UpgradeResult>(
            maxFrameSize: settings.maximumMessageSize,
            shouldUpgrade: { channel, _ in
                // The request guard has checked the path, the key and the version already.
                channel.eventLoop.makeSucceededFuture([:])
            },
            upgradePipelineHandler: { [settings] channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(WebSocketFrameGuard(maximumMessageSize: settings.maximumMessageSize, frameRate: settings.frameRate))
                    let asyncChannel = try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(
                        wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
                    return UpgradeResult.webSocket(asyncChannel, peer)
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
        // A socket that has sent a request worth answering has earned its keep: it is not evicted to make room.
        let requestGuard = HTTPRequestGuard(requestTimeout: settings.requestTimeout) { [registry] in
            registry.prove(channel)
        }
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
            case .webSocket(let asyncChannel, let peer):
                let configuration = settings.webSocket
                _ = try await WSCore.WebSocketHandler.handle(
                    type: .server,
                    configuration: .init(
                        extensions: [], autoPing: configuration.autoPing, closeTimeout: configuration.closeTimeout,
                        validateUTF8: true, maxFrameSize: settings.maximumMessageSize),
                    asyncChannel: asyncChannel,
                    context: SocketContext(logger: logger),
                    handler: { [webSocketHandler] inbound, outbound, _ in await webSocketHandler(inbound, outbound, peer) })
            }
        } catch {
            // The connection closed before or during the upgrade; there is nothing to answer.
            logger.trace("connection ended during setup: \(error)")
        }
    }

    private struct SocketContext: WebSocketContext {
        let logger: Logger
    }
}
