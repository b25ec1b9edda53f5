import Foundation
import SnapCore
import SnapProtocol
import SnapServer
import SnapStore

/// How fast a store keeps finished rounds and how much room they take: seeded rounds of computer players are
/// recorded as a server records them, then written one after another and read back.
public struct StoreBenchmark: Sendable {
    /// What one run found.
    public struct Result: Sendable, Codable, Equatable {
        public var store: String
        public var rounds: Int
        public var actionsPerRound: Double
        /// The replay log's bytes per round, and everything the store took per round (for a file: its growth,
        /// write-ahead log included).
        public var logBytesPerRound: Double
        public var storedBytesPerRound: Double?
        public var roundsWrittenPerSecond: Double
        public var roundsReadPerSecond: Double
        /// Every round read back equal to what was written.
        public var readBackEqual: Bool

        enum CodingKeys: String, CodingKey {
            case store, rounds
            case actionsPerRound = "actions_per_round"
            case logBytesPerRound = "log_bytes_per_round"
            case storedBytesPerRound = "stored_bytes_per_round"
            case roundsWrittenPerSecond = "rounds_written_per_second"
            case roundsReadPerSecond = "rounds_read_per_second"
            case readBackEqual = "read_back_equal"
        }
    }

    public var rounds: Int
    public var seed: UInt64

    public init(rounds: Int, seed: UInt64) {
        self.rounds = rounds
        self.seed = seed
    }

    /// Records the rounds, writes them to `store`, reads them back. `file` is the store's file, if it has one.
    public func run(store: any GameStore, file: String?, progress: @Sendable (String) -> Void) async throws -> Result {
        var generator = SplitMix64(seed: seed)
        var records = [RoundRecord]()
        for index in 0..<rounds {
            if index % 50 == 0 { progress("recording round \(index + 1) of \(rounds)") }
            records.append(Self.recordedRound(seed: generator.next(), code: "BNCH"))
        }
        let sizeBefore = file.map(Self.bytesOnDisk) ?? 0
        let clock = ContinuousClock()
        var ids = [Int64]()
        let writing = try await clock.measure {
            for (index, record) in records.enumerated() {
                if index % 50 == 0 { progress("writing round \(index + 1) of \(rounds)") }
                ids.append(try await store.save(record))
            }
        }
        var equal = true
        let reading = try await clock.measure {
            for (id, record) in zip(ids, records) {
                // Stores keep times to the microsecond.
                var expected = record.storedPrecision
                expected.id = id
                if try await store.round(id: id) != expected { equal = false }
            }
        }
        let stored = file.map { Double(Self.bytesOnDisk($0) - sizeBefore) / Double(rounds) }
        return Result(
            store: store.location, rounds: rounds,
            actionsPerRound: Double(records.map(\.actionCount).reduce(0, +)) / Double(rounds),
            logBytesPerRound: Double(records.map(\.log.count).reduce(0, +)) / Double(rounds),
            storedBytesPerRound: stored, roundsWrittenPerSecond: Double(rounds) / writing.inSeconds,
            roundsReadPerSecond: Double(rounds) / reading.inSeconds, readBackEqual: equal)
    }

    /// A quick round (5 minutes, as new tables have) of one person and three computer players, recorded as a
    /// server records it. The person turns 0.4 s after becoming active and calls 0.35 s after a match shows
    /// (and the computers by their own rules), so the log holds people's actions as well as the timers.
    public static func recordedRound(seed: UInt64, code: String) -> RoundRecord {
        var table = Table()
        table.settings = .standard
        var runner = TableRunner(table: table, generator: SplitMix64(seed: seed))
        var recorder = RoundRecorder<EncodedRoundLog>()
        let ann = PlayerInfo(id: PlayerID("1"), name: "Ann")
        for player in [ann] + Table.computerOpponents(for: "Ann") {
            _ = try? runner.perform(.join(player))
        }
        let host = runner.table.host!
        let start = RoundStart(before: .startRound(by: host), on: runner)
        let events = (try? runner.perform(.startRound(by: host))) ?? []
        _ = recorder.performed(.startRound(by: host), events: events, runner: runner, start: start)
        let began = Date(timeIntervalSince1970: 1_767_225_600)
        var personAction: (at: Duration, action: TableAction)?
        while let deadline = runner.nextDeadline {
            var finished: RoundRecorder<EncodedRoundLog>.FinishedRound?
            var events: [TableEvent]
            if let (at, action) = personAction, at <= deadline {
                personAction = nil
                events = runner.advance(to: at)
                finished = recorder.advanced(to: at, events: events, runner: runner)
                if finished == nil, let done = try? runner.perform(action) {
                    events += done
                    finished = recorder.performed(action, events: done, runner: runner, start: nil)
                }
            } else {
                events = runner.advance(to: deadline)
                finished = recorder.advanced(to: deadline, events: events, runner: runner)
            }
            if let finished {
                return RoundRecord(
                    finished, table: code, startedAt: began, endedAt: began.addingTimeInterval(finished.length.inSeconds))
            }
            let view = runner.table.view(for: .bottom)
            if events.contains(where: { if case .cardTurned = $0 { true } else { false } }), view.viewerCanCall,
                !view.matchingSeats.isEmpty
            {
                personAction = (runner.now + .milliseconds(350), .callSnap(.bottom, reaction: .milliseconds(350)))
            } else if personAction == nil, view.viewerCanTurn {
                personAction = (runner.now + .milliseconds(400), .turnCard(.bottom))
            }
        }
        fatalError("a round of computer players always ends")
    }

    /// A file's bytes with its SQLite write-ahead log and shared-memory files.
    public static func bytesOnDisk(_ path: String) -> Int {
        [path, path + "-wal", path + "-shm"].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        }
    }
}
