import Testing
import SnapCore
@testable import SnapProtocol

/// A round's log survives its trip through bytes exactly, and damaged bytes are refused with the field named.
@Suite struct RoundLogBytesTests {
    /// A whole round of four computer players, recorded as the server records it.
    static func recordedRound(seed: UInt64) -> RoundLog {
        var runner = TableRunner(speed: 4, generator: SplitMix64(seed: seed))
        var recorder = RoundRecorder<RoundLog>()
        for computer in Table.computerOpponents(for: "Ann") + [Table.computerPlayer(named: "Zed")] {
            _ = try? runner.perform(.join(computer))
        }
        runner.allowances = [.bottom: NetworkAllowance(typical: .milliseconds(12), most: .nanoseconds(31_000_123))]
        let start = RoundStart(before: .startRound(by: runner.table.host!), on: runner)
        let events = try! runner.perform(.startRound(by: runner.table.host!))
        _ = recorder.performed(.startRound(by: runner.table.host!), events: events, runner: runner, start: start)
        while let deadline = runner.nextDeadline {
            // Times with attoseconds, as a speed-scaled clock gives them.
            let time = deadline + Duration(secondsComponent: 0, attosecondsComponent: 7)
            let events = runner.advance(to: time)
            if let finished = recorder.advanced(to: time, events: events, runner: runner) { return finished.log }
        }
        fatalError("the round did not end")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aRecordedRoundReadsBackEqual(seed: UInt64) throws {
        let log = Self.recordedRound(seed: seed)
        let bytes = log.encoded()
        #expect(try RoundLog(bytes: bytes) == log)
        #expect(try RoundReplay.events(of: RoundLog(bytes: bytes)) == RoundReplay.events(of: log))
    }

    /// The bytes a server's table keeps as it goes are those of the same log encoded at the end, quiet moves of the
    /// timeline folded alike.
    @Test(arguments: [4, 5] as [UInt64])
    func bytesKeptAsTheRoundGoesAreTheLogsBytes(seed: UInt64) throws {
        var runner = TableRunner(speed: 4, generator: SplitMix64(seed: seed))
        var values = RoundRecorder<RoundLog>()
        var bytes = RoundRecorder<EncodedRoundLog>()
        for computer in Table.computerOpponents(for: "Ann") { _ = try? runner.perform(.join(computer)) }
        let ann = PlayerInfo(id: PlayerID("1"), name: "Ann")
        _ = try runner.perform(.join(ann))
        let host = runner.table.host!
        let start = RoundStart(before: .startRound(by: host), on: runner)
        let events = try runner.perform(.startRound(by: host))
        _ = values.performed(.startRound(by: host), events: events, runner: runner, start: start)
        _ = bytes.performed(.startRound(by: host), events: events, runner: runner, start: start)
        var time = Duration.zero
        var step = 0
        while true {
            step += 1
            // Moves that fire nothing (folded), moves that do, an allowance now and then, Ann's turn when it is hers.
            time += .milliseconds(137)
            let events = runner.advance(to: time)
            let a = values.advanced(to: time, events: events, runner: runner)
            let b = bytes.advanced(to: time, events: events, runner: runner)
            if let a, let b {
                #expect(b.log.bytes == a.log.encoded())
                #expect(b.log.actionCount == a.log.actionCount)
                #expect(try RoundLog(bytes: b.log.bytes) == a.log)
                return
            }
            if step % 11 == 0 {
                let allowances: [Seat: NetworkAllowance] = [runner.table.seat(of: ann.id)!: NetworkAllowance(typical: .milliseconds(step % 30), most: .milliseconds(40))]
                runner.allowances = allowances
                values.allowancesSet(allowances)
                bytes.allowancesSet(allowances)
            }
            let seat = runner.table.seat(of: ann.id)!
            if runner.table.view(for: seat).viewerCanTurn, let done = try? runner.perform(.turnCard(seat)) {
                let a = values.performed(.turnCard(seat), events: done, runner: runner, start: nil)
                let b = bytes.performed(.turnCard(seat), events: done, runner: runner, start: nil)
                if let a, let b {
                    #expect(b.log.bytes == a.log.encoded())
                    return
                }
            }
        }
    }

    @Test func everyKindOfActionAndStartReadsBack() throws {
        let ann = PlayerInfo(id: PlayerID("1"), name: "Ann ✨")
        let start = RoundStart(
            seats: [.init(info: ann, gamesWon: 3), nil, .init(info: Table.computerPlayer(named: "Ray"), gamesWon: 0), nil],
            host: .bottom, roundsBefore: 300, previousStartingSeat: .top, absent: [.top], settings: .standard,
            difficulty: .hard, speed: 2.5, judging: .arrival, seed: .max, allowances: [:])
        let actions: [TableAction] = [
            .join(ann), .leave(.left), .startRound(by: .bottom), .turnCard(.right), .callSnap(.top, reaction: nil),
            .callSnap(.bottom, reaction: .microseconds(212_345)), .advance(.turnForPlayer),
            .changeSettings(TableSettings(roundLength: .classic, turnTime: .seconds(30)), by: .bottom), .timeRanOut,
            .setPresence(.left, present: false),
        ]
        let log = RoundLog(
            start: start,
            steps: actions.map(RoundStep.perform) + [
                .advance(to: .seconds(1)), .advance(to: .seconds(86_400)),
                .allowances([.left: NetworkAllowance(typical: .zero, most: .milliseconds(250))]),
            ])
        #expect(try RoundLog(bytes: log.encoded()) == log)
    }

    @Test func damagedLogsAreRefusedWithTheFieldNamed() {
        let bytes = Self.recordedRound(seed: 1).encoded()
        #expect(throws: ProtocolError.badMagic) { try RoundLog(bytes: Array("JUNK".utf8) + bytes.dropFirst(4)) }
        var newer = bytes
        newer[4] = RoundLog.formatVersion + 1
        #expect(throws: ProtocolError.invalidValue(field: "RoundLog.version", value: Int(RoundLog.formatVersion) + 1)) {
            try RoundLog(bytes: newer)
        }
        for cut in [5, bytes.count / 2, bytes.count - 1] {
            #expect(throws: ProtocolError.self) { try RoundLog(bytes: Array(bytes.prefix(cut))) }
        }
        #expect(throws: ProtocolError.trailingBytes(count: 1)) { try RoundLog(bytes: bytes + [0]) }
    }
}
