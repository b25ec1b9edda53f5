import NIOCore
import SnapCore

/// One proxied connection: the accepted client's channel, the channel to the target, and a lane of delayed
/// chunks each way. Lives on one event loop (both channels are on it), so it needs no locks.
final class DelayProxyPipe {
    /// A chunk waiting for its time, or the other side's close.
    private enum Item {
        case bytes(ByteBuffer, arrival: ContinuousClock.Instant, due: ContinuousClock.Instant)
        case close(due: ContinuousClock.Instant)

        var due: ContinuousClock.Instant {
            switch self {
            case .bytes(_, _, let due), .close(let due): due
            }
        }
    }

    /// One direction: its schedule, what waits in it, and its timer.
    private struct Lane {
        var schedule: DelayProxySchedule
        var waiting = CircularBuffer<Item>()
        var timer: Scheduled<Void>?
    }

    private let eventLoop: any EventLoop
    private let connection: Int
    private let record: (@Sendable (DelayProxyChunk) -> Void)?
    private var client: (any Channel)?
    private var target: (any Channel)?
    private var clientOpen = true
    private var targetOpen = true
    private var toTarget: Lane
    private var toClient: Lane

    init(
        eventLoop: any EventLoop, connection: Int, toTarget: DelayProxySchedule, toClient: DelayProxySchedule,
        record: (@Sendable (DelayProxyChunk) -> Void)?
    ) {
        self.eventLoop = eventLoop
        self.connection = connection
        self.toTarget = Lane(schedule: toTarget)
        self.toClient = Lane(schedule: toClient)
        self.record = record
    }

    /// The accepted channel is ready.
    func clientAccepted(_ channel: any Channel) {
        client = channel
    }

    /// The channel to the target is connected: what came from the client meanwhile may now go.
    func targetConnected(_ channel: any Channel) {
        target = channel
        deliverDue(.toTarget)
    }

    /// The target could not be reached: the client is closed.
    func targetFailed() {
        targetOpen = false
        client?.close(promise: nil)
    }

    /// Bytes read from one side, to be delivered to the other when due.
    func arrived(_ buffer: ByteBuffer, from side: DelayProxy.Side) {
        let direction = side.outgoing
        let now = ContinuousClock.now
        let due = lanes(direction) { $0.schedule.due(arrivingAt: now) }
        enqueue(.bytes(buffer, arrival: now, due: due), direction)
    }

    /// One side closed: the other is closed too, once everything that side sent before has been delivered.
    func closed(_ side: DelayProxy.Side) {
        switch side {
        case .client: clientOpen = false
        case .target: targetOpen = false
        }
        // Nothing more can be delivered to the side that closed.
        lanes(side.incoming) { lane in
            lane.timer?.cancel()
            lane.timer = nil
            lane.waiting.removeAll()
        }
        let now = ContinuousClock.now
        let due = lanes(side.outgoing) { $0.schedule.closeDue(arrivingAt: now) }
        enqueue(.close(due: due), side.outgoing)
    }

    private func enqueue(_ item: Item, _ direction: DelayProxy.Direction) {
        let first = lanes(direction) { lane in
            lane.waiting.append(item)
            return lane.waiting.count == 1
        }
        if first { arm(direction) }
    }

    private func arm(_ direction: DelayProxy.Direction) {
        guard let head = lanes(direction, { $0.waiting.first }) else { return }
        let wait = head.due - ContinuousClock.now
        let timer = eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(max(.zero, wait))) { [self] in
            lanes(direction) { $0.timer = nil }
            deliverDue(direction)
        }
        lanes(direction) { $0.timer = timer }
    }

    /// Delivers, in order, every chunk of `direction` whose time has come, then waits for the next.
    private func deliverDue(_ direction: DelayProxy.Direction) {
        guard lanes(direction, { $0.timer == nil }) else { return }
        let destination = direction == .toTarget ? target : client
        let destinationOpen = direction == .toTarget ? targetOpen : clientOpen
        // Still connecting to the target: hold everything until it is there.
        guard let destination else { return }
        let now = ContinuousClock.now
        var wrote = false
        while let head = lanes(direction, { $0.waiting.first }), head.due <= now {
            _ = lanes(direction) { $0.waiting.removeFirst() }
            switch head {
            case .bytes(let buffer, let arrival, let due):
                guard destinationOpen else { continue }
                destination.write(buffer, promise: nil)
                wrote = true
                record?(DelayProxyChunk(
                    connection: connection, direction: direction, arrival: arrival, due: due, delivered: now,
                    bytes: Array(buffer.readableBytesView)))
            case .close:
                if wrote { destination.flush() }
                wrote = false
                destination.close(promise: nil)
            }
        }
        if wrote { destination.flush() }
        if lanes(direction, { !$0.waiting.isEmpty }) { arm(direction) }
    }

    private func lanes<Result>(_ direction: DelayProxy.Direction, _ body: (inout Lane) -> Result) -> Result {
        switch direction {
        case .toTarget: body(&toTarget)
        case .toClient: body(&toClient)
        }
    }
}
