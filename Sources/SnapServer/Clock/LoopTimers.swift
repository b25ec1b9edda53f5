import NIOCore
import Synchronization

/// The timers set on one event loop — every table's one timer and every dropped player's grace — in a heap of our
/// own, with a single NIO callback set for the soonest.
///
/// NIO keeps each scheduled callback in one heap per loop whose entries hold references (every move of one is a
/// retain and a release) and finds a cancelled one by walking the heap; a table moves its timer after nearly every
/// action (a turn's half second to the next player, then the eight-second turn clock), so with thousands of tables a
/// loop spent more on its heap than on the timers' own work. Here an entry is three plain numbers, a cancel goes
/// straight to its place, and NIO's callback is moved only when the soonest deadline comes earlier (when it comes
/// later, the callback wakes for nothing once and is set again). The callback is set to a whole ``slack`` (a
/// millisecond on the server), so that timers due within one wake the loop once — a wake from sleep is a system call
/// or two and a switch of threads, more than a timer's work — and a timer fires at most that much late. What a
/// timer does is decided on the table's own time, not by when it woke: a call that comes in meanwhile is judged
/// after the timers due before it (``TableSession/catchUp(until:)``).
///
/// Confined to its loop: every call is made on it (``SystemServerClock`` sets and cancels from elsewhere through
/// the loop). Timers due at the same time fire in the order they were set.
final class LoopTimers: @unchecked Sendable {
    /// A timer set, for ``cancel(_:)``; a handle of a timer that fired or was cancelled cancels nothing.
    struct Handle: Hashable, Sendable {
        fileprivate let slot: Int32
        fileprivate let generation: UInt64
    }

    private struct Entry {
        var deadline: Int64
        var sequence: UInt64
        var slot: Int32

        func isSooner(than other: Entry) -> Bool {
            (deadline, sequence) < (other.deadline, other.sequence)
        }
    }

    private struct Slot {
        var body: (@Sendable () -> Void)?
        /// Where the slot's entry is in the heap, while it has one.
        var position = 0
        /// Goes up every time the slot is freed. Sixty-four bits: one slot takes most of a loop's timers (a cancel
        /// then a set, last freed first taken), and a handle kept long after its timer (a grace period spent) must
        /// never come round to another's.
        var generation: UInt64 = 0
    }

    /// The loop the timers fire on.
    let loop: any EventLoop
    private let now: @Sendable () -> Duration
    /// NIO's callback is set to a multiple of this, in nanoseconds (at least 1).
    private let slack: Int64
    private var heap: [Entry] = []
    private var slots: [Slot] = []
    private var freeSlots: [Int32] = []
    private var nextSequence: UInt64 = 0
    /// NIO's callback, set for `deadline` (nanoseconds on this queue's time), and its number.
    private var armed: (deadline: Int64, callback: NIOScheduledCallback, number: UInt64)?
    private var callbacksSet: UInt64 = 0
    private var isFiring = false

    /// Timers on `loop`, on the time `now` tells (a deadline is a `now` to come), woken at multiples of `slack`.
    init(loop: any EventLoop, slack: Duration = .zero, now: @escaping @Sendable () -> Duration) {
        self.loop = loop
        self.slack = max(1, slack.nanoseconds)
        self.now = now
    }

    /// How many timers are waiting.
    var count: Int { heap.count }

    /// When NIO's callback is set to wake the queue, if it is.
    var armedDeadline: Duration? { armed.map { .nanoseconds($0.deadline) } }

    /// Runs `body` on the loop once ``now`` reaches `deadline`, unless cancelled first.
    func add(at deadline: Duration, _ body: @escaping @Sendable () -> Void) -> Handle {
        loop.preconditionInEventLoop()
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            slots[Int(slot)].body = body
        } else {
            slot = Int32(slots.count)
            slots.append(Slot(body: body))
        }
        let entry = Entry(deadline: deadline.nanoseconds, sequence: nextSequence, slot: slot)
        nextSequence += 1
        heap.append(entry)
        slots[Int(slot)].position = heap.count - 1
        siftUp(heap.count - 1)
        if heap[0].slot == slot { arm() }
        return Handle(slot: slot, generation: slots[Int(slot)].generation)
    }

    /// Stops the timer of `handle`, if it has not fired.
    func cancel(_ handle: Handle) {
        loop.preconditionInEventLoop()
        let index = Int(handle.slot)
        guard index < slots.count, slots[index].generation == handle.generation, slots[index].body != nil else {
            return
        }
        remove(at: slots[index].position)
        release(handle.slot)
    }

    /// Fires every timer due, then sets NIO's callback for the next — if `callback` is the one set: a callback
    /// cancelled while NIO was already running the tasks due with it still comes, and must not take the place of the
    /// one set after it.
    func fire(callback: UInt64) {
        guard callback == armed?.number else { return }
        armed = nil
        isFiring = true
        let time = now().nanoseconds
        // A timer set while these fire waits for the next round, even if it is due: no body can keep the loop here.
        let setBefore = nextSequence
        while let root = heap.first, root.deadline <= time, root.sequence < setBefore {
            remove(at: 0)
            let body = slots[Int(root.slot)].body
            release(root.slot)
            body?()
        }
        isFiring = false
        arm()
    }

    /// Sets NIO's callback for the soonest deadline, unless it is set for then or sooner already.
    private func arm() {
        guard !isFiring, let soonest = heap.first?.deadline else { return }
        let wakeAt = soonest <= 0 ? soonest : (soonest + slack - 1) / slack * slack
        if let armed {
            guard wakeAt < armed.deadline else { return }
            armed.callback.cancel()
        }
        let delay = TimeAmount.nanoseconds(max(0, wakeAt - now().nanoseconds))
        callbacksSet += 1
        guard let callback = try? loop.scheduleCallback(in: delay, handler: Wake(timers: self, number: callbacksSet))
        else {
            // The loop is shutting down: nothing will run on it any more.
            armed = nil
            return
        }
        armed = (wakeAt, callback, callbacksSet)
    }

    private func release(_ slot: Int32) {
        slots[Int(slot)].body = nil
        slots[Int(slot)].generation += 1
        freeSlots.append(slot)
    }

    // MARK: - The heap, soonest first

    private func remove(at position: Int) {
        let last = heap.count - 1
        if position != last {
            heap.swapAt(position, last)
            slots[Int(heap[position].slot)].position = position
        }
        heap.removeLast()
        guard position < heap.count else { return }
        siftDown(siftUp(position))
    }

    @discardableResult
    private func siftUp(_ start: Int) -> Int {
        var child = start
        let entry = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard entry.isSooner(than: heap[parent]) else { break }
            heap[child] = heap[parent]
            slots[Int(heap[child].slot)].position = child
            child = parent
        }
        heap[child] = entry
        slots[Int(entry.slot)].position = child
        return child
    }

    private func siftDown(_ start: Int) {
        var parent = start
        let entry = heap[parent]
        while true {
            var child = 2 * parent + 1
            guard child < heap.count else { break }
            if child + 1 < heap.count, heap[child + 1].isSooner(than: heap[child]) { child += 1 }
            guard heap[child].isSooner(than: entry) else { break }
            heap[parent] = heap[child]
            slots[Int(heap[parent].slot)].position = parent
            parent = child
        }
        heap[parent] = entry
        slots[Int(entry.slot)].position = parent
    }

    private struct Wake: NIOScheduledCallbackHandler, Sendable {
        let timers: LoopTimers
        let number: UInt64

        func handleScheduledCallback(eventLoop: some EventLoop) {
            timers.fire(callback: number)
        }
    }

    // MARK: - One queue a loop

    /// How late the server's timers may fire, so that those due close together wake their loop once.
    static let serverSlack = Duration.milliseconds(1)
    /// The time of the queues ``on(_:)`` gives: since the first was asked for.
    private static let origin = ContinuousClock.now
    private static let queues = Mutex<[ObjectIdentifier: LoopTimers]>([:])

    /// The time of the queues ``on(_:)`` gives at `instant`.
    static func time(at instant: ContinuousClock.Instant) -> Duration {
        instant - origin
    }

    /// The timers of `loop` on the continuous clock, with ``serverSlack`` (made the first time they are asked for, then the same ones).
    static func on(_ loop: any EventLoop) -> LoopTimers {
        queues.withLock { queues in
            if let timers = queues[ObjectIdentifier(loop)] { return timers }
            let timers = LoopTimers(loop: loop, slack: serverSlack) { ContinuousClock.now - origin }
            queues[ObjectIdentifier(loop)] = timers
            return timers
        }
    }
}
