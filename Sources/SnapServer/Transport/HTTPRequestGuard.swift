import Hummingbird
import NIOCore
import NIOHTTP1

/// Stands between the HTTP decoder and the rest of a connection's pipeline until it becomes a WebSocket:
/// gives every request a deadline, answers requests that cannot be served with a status that says why, and checks
/// a WebSocket upgrade before it is attempted.
///
/// Without it a socket that sends nothing, or half a request, would be held forever, and a request the decoder
/// cannot read would get no answer at all.
final class HTTPRequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The path of the game's WebSocket.
    static let webSocketPath = "/ws"
    /// The longest request target served; anything longer is refused with 414.
    static let maximumTargetLength = 2_048

    /// Requests one connection may make: a page load is a dozen, a person reloading stays well inside.
    static let requestRate = RequestLimits.Rate(perSecond: 20, burst: 60)

    private let requestTimeout: TimeAmount
    private var requests = TokenBucket(HTTPRequestGuard.requestRate)
    private let onRequest: () -> Void
    private let onIdle: () -> Void
    private var deadline: Scheduled<Void>?
    /// A request has begun and its end has not arrived.
    private var inRequest = false
    /// A response has begun and its end has not been written.
    private var inResponse = false
    /// The request under way has been answered (the server need not wait for the rest of its body to answer).
    private var answered = false
    /// The connection is being refused: what it sends is ignored until it closes.
    private var refusing = false
    /// Requests passed on and not yet answered in full (a client may send several before the first answer).
    private var unanswered = 0
    /// A refusal waiting for the answers to the requests before it, which must go out first.
    private var pendingRefusal: (HTTPResponseStatus, String, HTTPHeaders)?

    /// A guard that closes a connection whose next request is not complete within `requestTimeout`, tells
    /// `onRequest` when a request has arrived whole enough to be answered, and `onIdle` when every request has been
    /// answered and the connection waits for the next.
    init(requestTimeout: TimeAmount, onRequest: @escaping () -> Void, onIdle: @escaping () -> Void = {}) {
        self.requestTimeout = requestTimeout
        self.onRequest = onRequest
        self.onIdle = onIdle
    }

    func handlerAdded(context: ChannelHandlerContext) {
        arm(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refusing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            inRequest = true
            answered = false
            var refusal = Self.refusal(of: head)
            if refusal == nil, !requests.take(at: .nanoseconds(Int64(NIODeadline.now().uptimeNanoseconds))) {
                refusal = (.tooManyRequests, "Too many requests on one connection: slow down.", [:])
            }
            if let (status, reason, headers) = refusal {
                return refuse(context, status, reason, headers: headers)
            }
            unanswered += 1
            onRequest()
        case .body:
            break
        case .end:
            inRequest = false
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head: inResponse = true
        case .body: break
        case .end:
            inResponse = false
            answered = true
            unanswered -= 1
            if unanswered == 0, let (status, reason, headers) = pendingRefusal {
                context.write(data, promise: promise)
                pendingRefusal = nil
                return respond(context, status, reason, headers: headers)
            }
            // The connection is kept for the client's next request, for as long as a request may take.
            if !inRequest { arm(context) }
            if !inRequest, unanswered == 0 { onIdle() }
        }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        switch error {
        case .headerOverflow:
            refuse(context, .requestHeaderFieldsTooLarge, "The request's headers are too large.")
        case .invalidMethod:
            refuse(context, .notImplemented, "This server understands GET and HEAD requests.")
        default:
            refuse(context, .badRequest, "The request could not be read (\(error)).")
        }
    }

    /// What is wrong with a request that must not go on, if anything.
    static func refusal(of head: HTTPRequestHead) -> (HTTPResponseStatus, String, HTTPHeaders)? {
        if head.uri.utf8.count > maximumTargetLength {
            return (.uriTooLong, "The address is too long.", [:])
        }
        guard head.headers["upgrade"].contains(where: { $0.lowercased().contains("websocket") }) else { return nil }
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        guard path == webSocketPath else {
            return (.notFound, "The game's WebSocket is at \(webSocketPath).", [:])
        }
        guard head.method == .GET else {
            return (.methodNotAllowed, "A WebSocket upgrade is a GET request.", ["Allow": "GET"])
        }
        guard head.headers["connection"].contains(where: { $0.lowercased().contains("upgrade") }) else {
            return (.badRequest, "A WebSocket upgrade needs the header Connection: Upgrade.", [:])
        }
        let versions = head.headers["sec-websocket-version"]
        guard versions == ["13"] else {
            return (.upgradeRequired, "This server speaks WebSocket version 13.", ["Sec-WebSocket-Version": "13"])
        }
        let keys = head.headers["sec-websocket-key"]
        guard keys.count == 1, let key = keys.first, isValidKey(key) else {
            return (.badRequest, "Sec-WebSocket-Key must be 16 bytes in base64 (RFC 6455, section 4.1).", [:])
        }
        return nil
    }

    /// Whether a Sec-WebSocket-Key is 16 bytes in base64: 22 characters of the alphabet and "==".
    static func isValidKey(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard bytes.count == 24, bytes[22] == UInt8(ascii: "="), bytes[23] == UInt8(ascii: "=") else { return false }
        return bytes[..<22].allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "/")
        }
    }

    private func arm(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: requestTimeout) {
            let (handler, context) = loopBound.value
            handler.timedOut(context)
        }
    }

    private func timedOut(_ context: ChannelHandlerContext) {
        deadline = nil
        if inRequest, !inResponse, !answered {
            refuse(context, .requestTimeout, "The request took too long to arrive.")
        } else {
            // An idle connection kept for a next request that never came: nothing to say.
            context.close(promise: nil)
        }
    }

    /// Answers with `status` and a line of text saying why, then closes the connection.
    private func refuse(
        _ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ reason: String, headers: HTTPHeaders = [:]
    ) {
        refusing = true
        deadline?.cancel()
        deadline = nil
        // Answers go out in the order of the requests: the refusal waits for those before it.
        guard unanswered == 0 else {
            pendingRefusal = (status, reason, headers)
            return
        }
        respond(context, status, reason, headers: headers)
    }

    private func respond(
        _ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ reason: String, headers extra: HTTPHeaders
    ) {
        guard !inResponse else { return context.close(promise: nil) }
        let body = context.channel.allocator.buffer(string: reason + "\n")
        var headers = extra
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        for field in SecurityHeaders.fields { headers.add(name: field.name.rawName, value: field.value) }
        inResponse = true
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
