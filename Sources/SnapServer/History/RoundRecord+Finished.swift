import Foundation
import SnapCore
import SnapProtocol
import SnapStore

extension RoundRecord {
    /// The record of a round that has just ended at table `code`.
    public init(_ finished: RoundRecorder<EncodedRoundLog>.FinishedRound, table code: String, startedAt: Date, endedAt: Date) {
        let start = finished.log.start
        let players = finished.players.sorted { $0.key < $1.key }
        self.init(
            tableCode: code, roundNumber: finished.round, startedAt: startedAt, endedAt: endedAt,
            players: players.map { seat, info in
                RoundPlayer(
                    seat: Int(seat.rawValue), name: info.name, isComputer: info.isComputer,
                    level: info.isComputer ? start.difficulty.rawValue : nil,
                    cardsAtEnd: finished.cardsAtEnd[seat] ?? 0,
                    headStartMilliseconds: Int(start.settings.headStart(for: seat).milliseconds))
            },
            winner: finished.winner.flatMap { finished.players[$0]?.name },
            seed: start.seed,
            deal: finished.deal?.description,
            roundSeconds: start.settings.roundLength.timeLimit.map { Int($0.components.seconds) },
            turnSeconds: start.settings.turnTime.map { Int($0.components.seconds) },
            calls: finished.calls.map { call in
                RoundCall(
                    seat: Int(call.seat.rawValue), name: finished.players[call.seat]?.name ?? "?",
                    verdict: RoundCall.Verdict(call.verdict), offsetMilliseconds: Int(call.at.nanoseconds / 1_000_000),
                    reactionMilliseconds: call.reaction.map { Double($0.nanoseconds) / 1_000_000 })
            },
            actionCount: finished.log.actionCount,
            log: finished.log.bytes)
    }
}

extension RoundCall.Verdict {
    init(_ verdict: SnapVerdict) {
        switch verdict {
        case .correct: self = .correct
        case .wrong: self = .wrong
        case .tooLate: self = .tooLate
        case .falseStart: self = .falseStart
        }
    }
}
