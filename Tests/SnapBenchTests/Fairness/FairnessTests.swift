import SnapCore
import SnapProtocol
import Testing

@testable import SnapBench

/// The pieces of `snap-bench fairness` that need no network: the script of reactions, how a cheat's gain is read
/// off the shares, how races are summed up, and how calls and verdicts are found in the proxies' bytes.
@Suite struct FairnessTests {
    @Test func theSameSeedScriptsTheSameRacesInEveryScenario() {
        for scenario in FairnessScenario.all {
            let first = FairnessScript(scenario: scenario, seed: 9)
            let again = FairnessScript(scenario: scenario, seed: 9)
            let other = FairnessScript(scenario: scenario, seed: 10)
            // Asked in a different order, the k-th race is still the k-th draw.
            let backwards = (0..<50).reversed().map { again.draw($0) }.reversed()
            #expect((0..<50).map { first.draw($0) } == Array(backwards))
            #expect((0..<50).map { first.draw($0) } != (0..<50).map { other.draw($0) })
        }
    }

    @Test func honestRacesDrawBothSignsAndCheatRacesFavourTheHonestPlayer() {
        let honest = FairnessScript(scenario: FairnessScenario.named("5ms-vs-80ms")!, seed: 1)
        let gaps = (0..<500).map { honest.draw($0).gap }
        #expect(Set(gaps) == Set(FairnessScenario.honestGaps.flatMap { [$0, -$0] }))
        let cheat = FairnessScript(scenario: FairnessScenario.named("cheat-zero-reaction")!, seed: 1)
        let cheatGaps = (0..<500).map { cheat.draw($0).gap }
        #expect(Set(cheatGaps) == Set(FairnessScenario.cheatGaps))
        for index in 0..<500 {
            let draw = honest.draw(index)
            #expect(draw.base >= .milliseconds(150) && draw.base <= .milliseconds(300))
            #expect(draw.reaction(of: 1) - draw.reaction(of: 0) == .milliseconds(draw.gap))
            #expect(min(draw.reaction(of: 0), draw.reaction(of: 1)) == draw.base)
        }
    }

    @Test func everyScenarioHasTwoPlayersAndAName() {
        // The honest four, a cheater on its own connection per cheat, slow pongs behind a trusted proxy, head starts.
        #expect(FairnessScenario.all.count == 4 + FairnessCheat.allCases.count + 1 + 3)
        #expect(FairnessScenario.all.filter(\.cheaterBehindTrustedProxy).map(\.cheat) == [.slowPongs])
        #expect(FairnessScenario.all.allSatisfy { $0.matchesOnly == ($0.cheat != nil) })
        #expect(FairnessScenario.all.compactMap(\.headStartMs) == [0, 100, 200])
        #expect(Set(FairnessScenario.all.map(\.name)).count == FairnessScenario.all.count)
        for scenario in FairnessScenario.all {
            #expect(scenario.networks.count == 2)
            #expect(FairnessScenario.named(scenario.name) == scenario)
        }
    }

    @Test(arguments: [
        // The cheater's share by gap → its gain.
        ([(0, 0.5), (20, 0.2)], 0.0, false),
        ([(0, 1.0), (20, 1.0), (40, 0.5)], 40.0, false),
        ([(0, 1.0), (20, 0.75), (40, 0.25)], 30.0, false),
        ([(0, 1.0), (250, 0.9)], 250.0, true),
        // Short reactions made false starts, long ones won: the last majority counts.
        ([(0, 0.25), (40, 0.625), (80, 0.75), (160, 0.25)], 120.0, false),
        ([(0, 0.25), (40, 0.625), (160, 0.976)], 160.0, true),
    ])
    func aCheatsGainIsWhereItsShareCrossesHalf(shares: [(Int, Double)], gain: Double, atLeast: Bool) {
        let steps = shares.map { FairnessShare(gapMs: $0.0, races: 100, won: Int($0.1 * 100)) }
        let (measured, beyond) = FairnessJudgingReport.gain(steps)
        #expect(abs((measured ?? -1) - gain) < 0.001)
        #expect(beyond == atLeast)
    }

    @Test func aReportCountsRacesByGapAndByWinner() {
        let scenario = FairnessScenario.named("5ms-vs-80ms")!
        func race(_ gap: Int, winner: Int, correct: Bool = false) -> FairnessRace {
            FairnessRace(
                table: 0, index: 0, gap: gap, winner: winner, correct: correct, sentAt: [nil, nil], actual: [nil, nil],
                verdictDelay: .milliseconds(gap == 0 ? 1 : 2))
        }
        let races = [
            race(5, winner: 0), race(-5, winner: 0), race(10, winner: 0, correct: true), race(-80, winner: 1),
            race(0, winner: 0), race(0, winner: 1), race(0, winner: 0),
        ]
        let report = FairnessJudgingReport(
            judging: .reaction, scenario: scenario, races: races, voidRaces: 2, callsRefused: 0, protocolErrors: 0)
        #expect(report.races == 7)
        #expect(report.voidRaces == 2)
        #expect(report.fasterWonByGap.first { $0.gapMs == 5 } == FairnessShare(gapMs: 5, races: 2, won: 1))
        #expect(report.fasterWonFrom10Ms == FairnessShare(races: 2, won: 2))
        #expect(report.equalReactionsLowDelayWon == FairnessShare(gapMs: 0, races: 3, won: 2))
        #expect(report.wrongCallWins == 6)
        #expect(report.verdictDelayMs.count == 7)
        #expect(report.verdictDelayMs.p50 == 2)
        #expect(report.cheatGainMs == nil)
    }

    @Test func againstACheatOnlyRacesOnAMatchCountAndFalseStartsAreCounted() {
        let scenario = FairnessScenario.named("cheat-replayed-call")!
        func race(_ gap: Int, winner: Int, correct: Bool, falseStarts: [Bool] = [false, false]) -> FairnessRace {
            FairnessRace(
                table: 0, index: 0, gap: gap, winner: winner, correct: correct, sentAt: [nil, nil], actual: [nil, nil],
                falseStarts: falseStarts)
        }
        let races = [
            // On a match: the cheater false-starts and the honest player takes the cards, twice; once the cheater wins.
            race(0, winner: 0, correct: true, falseStarts: [false, true]),
            race(10, winner: 0, correct: true, falseStarts: [false, true]),
            race(10, winner: 1, correct: true),
            // On no match: the cheater's blind guess is a wrong call.
            race(0, winner: 1, correct: false), race(10, winner: 1, correct: false),
        ]
        let report = FairnessJudgingReport(
            judging: .reaction, scenario: scenario, races: races, voidRaces: 0, callsRefused: 0, protocolErrors: 0)
        #expect(report.races == 3)
        #expect(report.racesOffMatch == 2)
        #expect(report.falseStarts == [0, 2])
        #expect(report.wrongCallWins == 2)
        #expect(report.cheaterWonByGap?.first { $0.gapMs == 0 } == FairnessShare(gapMs: 0, races: 1, won: 0))
        #expect(report.cheaterWonByGap?.first { $0.gapMs == 10 } == FairnessShare(gapMs: 10, races: 2, won: 1))
        #expect(report.cheatGainMs == 0)
    }

    @Test func callsAndVerdictsAreFoundInWebSocketFrames() {
        let call = Frame(number: nil, packet: .callSnap(reaction: 180_000)).encoded()
        let verdict = Frame(number: 7, packet: .playerCalledSnap(id: PlayerID("2"), verdict: .wrong)).encoded()
        let ping = Frame(number: 8, packet: .ping(42)).encoded()
        // A client masks what it sends; the server does not.
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        let masked = [0x82, 0x80 | UInt8(call.count)] + mask + call.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        let plain = [0x82, UInt8(verdict.count)] + verdict + [0x82, UInt8(ping.count)] + ping
        #expect(FairnessWire.carriesCall(masked))
        #expect(!FairnessWire.carriesVerdict(masked))
        #expect(FairnessWire.carriesVerdict(plain))
        #expect(FairnessWire.packetTypes(in: plain) == [PacketType.playerCalledSnap.rawValue, PacketType.ping.rawValue])
        #expect(FairnessWire.packetTypes(in: Array("GET /ws HTTP/1.1\r\n".utf8)).isEmpty)
        // A frame cut short is not guessed at.
        #expect(FairnessWire.packetTypes(in: Array(plain.prefix(5))).isEmpty)
        // Version 10: the verdict is one packet of a message that holds the moment's packets.
        let paid = Frame(number: 9, packet: .cardPaid(from: .left, to: .bottom)).encoded()
        let judged = Frame(number: 10, packet: .snapJudged(SnapCall(seat: .left, verdict: .wrong), reaction: 1, margin: nil))
        let message = paid + judged.encoded()
        let moment = [0x82, UInt8(message.count)] + message
        #expect(FairnessWire.packetTypes(in: moment) == [PacketType.cardPaid.rawValue, PacketType.snapJudged.rawValue])
        #expect(FairnessWire.carriesVerdict(moment))
    }
}
