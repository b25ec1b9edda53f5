#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

/// On the listening socket: when the kernel has no descriptor left for a newcomer (accept() fails with EMFILE or
/// ENFILE), makes room — the oldest idle sockets are closed (``ConnectionRegistry/makeRoom()``) — and stops
/// accepting for a moment, then tries again.
///
/// Without it the server would spin: the newcomer stays in the kernel's queue, so the listening socket stays
/// readable, and NIO asks for it again at once, tens of thousands of times a second (a full core), answering nobody.
/// The pause is short (10 ms) when sockets were closed, for their descriptors to come free; when every socket has
/// earned its keep it doubles from 10 ms up to a second, until a connection is accepted again.
final class DescriptorShortageHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    private static let shortest = 10
    private static let longest = 1_000

    private let registry: ConnectionRegistry
    private let onPaused: @Sendable (ConnectionRegistry.Refusal) -> Void
    private var nextPause = DescriptorShortageHandler.shortest
    private var resumption: Scheduled<Void>?

    init(registry: ConnectionRegistry, onPaused: @escaping @Sendable (ConnectionRegistry.Refusal) -> Void) {
        self.registry = registry
        self.onPaused = onPaused
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        nextPause = Self.shortest
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? IOError, error.errnoCode == EMFILE || error.errnoCode == ENFILE else {
            context.fireErrorCaught(error)
            return
        }
        guard resumption == nil else { return }
        let evicted = registry.makeRoom()
        for idle in evicted { idle.close(promise: nil) }
        let pause = evicted.isEmpty ? nextPause : Self.shortest
        if evicted.isEmpty { nextPause = min(2 * nextPause, Self.longest) }
        onPaused(.acceptPaused(evicted: evicted.count, milliseconds: pause))
        pauseAccepting(context, for: .milliseconds(Int64(pause)))
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        resumption?.cancel()
    }

    /// NIO keeps the listening socket in its poll while an accept is pending, and it stays pending after a failed
    /// one: only turning auto-read off takes the socket out of the poll. Turned back as it was after `pause`, and a
    /// read asked for, which puts it back.
    private func pauseAccepting(_ context: ChannelHandlerContext, for pause: TimeAmount) {
        guard let options = context.channel.syncOptions else { return }
        let autoRead = (try? options.getOption(.autoRead)) ?? true
        if !autoRead { try? options.setOption(.autoRead, value: true) }
        try? options.setOption(.autoRead, value: false)
        resumption = context.eventLoop.assumeIsolated().scheduleTask(in: pause) { [self] in
            resumption = nil
            guard context.channel.isActive else { return }
            if autoRead { try? options.setOption(.autoRead, value: true) } else { context.read() }
        }
    }
}
