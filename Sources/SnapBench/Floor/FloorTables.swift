import NIOCore
import SnapCore
import SnapProtocol
import Synchronization

/// The floor's open tables by code, and the pings every seated connection gets.
final class FloorTables: Sendable {
    private struct State {
        var byCode: [String: FloorTable] = [:]
        var opened = 0
        var signedIn: UInt64 = 0
        var generator: SplitMix64
    }

    private let settings: FloorTable.Settings
    private let state: Mutex<State>
    private let pingSecret = UInt64.random(in: .min ... .max)

    /// No tables yet; each one opened will play by `settings`. Its codes and deals are drawn from `seed` (nil: from
    /// the system's random numbers) as a Snap! server's lobby draws them, so that the same seed opens the same
    /// tables on both.
    init(settings: FloorTable.Settings, seed: UInt64?) {
        self.settings = settings
        state = Mutex(State(generator: SplitMix64(seed: seed ?? .random(in: .min ... .max))))
    }

    /// Opens a new table, its timer on `loop`.
    func open(on loop: any EventLoop) -> FloorTable {
        state.withLock { state in
            var code = TableCode.random(using: &state.generator)
            while state.byCode[code] != nil { code = TableCode.random(using: &state.generator) }
            let number = state.opened
            state.opened += 1
            let table = FloorTable(
                code: code, number: number, seed: state.generator.next(), settings: settings, loop: loop)
            state.byCode[table.code] = table
            return table
        }
    }

    /// A new player's id, as a Snap! server gives it (the same length for the same number of sign-ins).
    func newPlayerID() -> PlayerID {
        .signedIn(state.withLock { state in
            state.signedIn += 1
            return state.signedIn
        })
    }

    /// The open table with `code`, if there is one.
    subscript(code: String) -> FloorTable? {
        state.withLock { $0.byCode[code] }
    }

    /// `table` has closed: it can no longer be joined.
    func closed(_ table: FloorTable) {
        _ = state.withLock { $0.byCode.removeValue(forKey: table.code) }
    }

    /// Pings every seat of every table once per `interval` until cancelled, a hundredth of the tables at a time, as a
    /// Snap! server does; a ping carries the time, hidden as Snap!'s is, so it has the same size.
    func keepPinging(every interval: Duration) async {
        let slices = 100
        var slice = 0
        while !Task.isCancelled {
            try? await Task.sleep(for: interval / slices)
            let tables = state.withLock { $0.byCode.values.filter { $0.number % slices == slice } }
            let value = UInt64(NIODeadline.now().uptimeNanoseconds) ^ pingSecret
            for table in tables { table.ping(value) }
            slice = (slice + 1) % slices
        }
    }
}
