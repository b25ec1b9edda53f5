import NIOCore
import SnapCore
import SnapProtocol
import SnapServer
import Synchronization

/// One table on the transport floor: Snap!'s rules engine and its seats' connections, sending what its events say
/// in the very packets and messages a Snap! table sends (``TableEventPackets`` and
/// ``SnapServer/WebSocketSender/send(_:version:)``, the server's own) — and doing nothing else a Snap! table does:
/// no reconnection, journal, recording, network allowances (every call is judged as it arrives), card audit,
/// lobby listing or metrics.
///
/// Its state is behind one lock; its one timer wakes on the event loop of the connection that opened it.
final class FloorTable: Sendable {
    /// How the floor's tables play: Snap!'s defaults, with the settings a load run gives the Snap! server.
    struct Settings: Sendable {
        /// Every delay of the game is divided by this.
        var speed = 1.0
        /// Classic rounds and no turn timer, as `snap-bench load` starts the Snap! server.
        var table = TableSettings()
    }

    private struct State {
        var runner: TableRunner<SplitMix64>
        var packets: TableEventPackets
        var seats = [FloorSession?](repeating: nil, count: Seat.count)
        var timer: Scheduled<Void>?
        var deadline: Duration?
        var isClosed = false
    }

    /// The code players join with.
    let code: String
    /// The table's number on its server, from 0.
    let number: Int
    private let loop: any EventLoop
    private let start = NIODeadline.now()
    private let state: Mutex<State>

    /// Table `number`, with code `code`, its deals and first player drawn from `seed`, its timer on `loop`.
    init(code: String, number: Int, seed: UInt64, settings: Settings, loop: any EventLoop) {
        self.code = code
        self.number = number
        self.loop = loop
        var table = Table()
        table.settings = settings.table
        let runner = TableRunner(table: table, speed: settings.speed, generator: SplitMix64(seed: seed))
        state = Mutex(State(runner: runner, packets: TableEventPackets(seating: runner.table)))
    }

    /// The table's time now, from zero when it opened.
    private var now: Duration { .nanoseconds((NIODeadline.now() - start).nanoseconds) }

    /// Seats the player `info` of `session`, telling the others; the newcomer gets TableJoined, a Snapshot and
    /// ServerReady, as at a Snap! table. Returns the seat, or nil when the table refused them (they were told why).
    func join(_ session: FloorSession, as info: PlayerInfo) -> Seat? {
        state.withLock { state -> Seat? in
            guard !state.isClosed else {
                session.refuse(code: WireErrorCode.unknownTable.rawValue, WireErrorCode.unknownTable.message)
                return nil
            }
            catchUp(&state)
            do throws(TableError) {
                let events = try state.runner.perform(.join(info))
                guard let seat = state.runner.table.seat(of: info.id) else { return nil }
                broadcast(events, &state)
                state.seats[Int(seat.rawValue)] = session
                let table = state.runner.table
                let players = table.occupiedSeats.compactMap { seat in
                    table[seat].map { WirePlayer(id: $0.info.id, name: $0.info.name, seat: seat) }
                }
                session.send([
                    .tableJoined(code: code, seat: seat), .snapshot(table.view(for: seat)),
                    .serverReady(players: players),
                ])
                schedule(&state)
                return seat
            } catch {
                session.refuse(code: error.rawValue, error.description)
                return nil
            }
        }
    }

    /// Performs `action` for `session`'s player, telling everyone what happened, or them why not.
    func act(_ action: TableAction, from session: FloorSession) {
        state.withLock { state in
            catchUp(&state)
            do throws(TableError) {
                broadcast(try state.runner.perform(action), &state)
            } catch {
                session.refuse(code: error.rawValue, error.description)
            }
            schedule(&state)
        }
    }

    /// Sends `session`, in `seat`, the whole table as it sees it.
    func sendSnapshot(to session: FloorSession, seat: Seat) {
        state.withLock { state in
            catchUp(&state)
            session.send([.snapshot(state.runner.table.view(for: seat))])
        }
    }

    /// The player in `seat` is gone (nil: a player who never sat down); returns whether the table is now empty,
    /// and so closed.
    func leave(_ seat: Seat?) -> Bool {
        state.withLock { state in
            guard let seat else { return closeIfEmpty(&state) }
            state.seats[Int(seat.rawValue)] = nil
            if closeIfEmpty(&state) { return true }
            catchUp(&state)
            if let events = try? state.runner.perform(.leave(seat)) { broadcast(events, &state) }
            schedule(&state)
            return false
        }
    }

    private func closeIfEmpty(_ state: inout State) -> Bool {
        guard state.seats.allSatisfy({ $0 == nil }) else { return false }
        state.isClosed = true
        state.timer?.cancel()
        return true
    }

    /// Pings every seat with `value`, as a Snap! server pings its connections.
    func ping(_ value: UInt64) {
        let sessions = state.withLock { $0.seats }
        for session in sessions { session?.send([.ping(value)]) }
    }

    /// Fires the runner's timers due by now and sends what they did.
    private func catchUp(_ state: inout State) {
        let events = state.runner.advance(to: now)
        if !events.isEmpty { broadcast(events, &state) }
    }

    /// Sends every seat the packets of `events`, in its protocol version's shapes.
    private func broadcast(_ events: [TableEvent], _ state: inout State) {
        let moment = state.packets.moment(for: events)
        guard !moment.isEmpty else { return }
        for session in state.seats { session?.send(moment) }
    }

    /// Sets the timer for the runner's next deadline, if it moved.
    private func schedule(_ state: inout State) {
        let deadline = state.runner.nextDeadline
        guard deadline != state.deadline, !state.isClosed else { return }
        state.timer?.cancel()
        state.deadline = deadline
        state.timer = deadline.map { deadline in
            loop.scheduleTask(deadline: start + .nanoseconds(deadline.nanoseconds)) { [weak self] in self?.wake() }
        }
    }

    private func wake() {
        state.withLock { state in
            guard !state.isClosed else { return }
            state.deadline = nil
            catchUp(&state)
            schedule(&state)
        }
    }
}
