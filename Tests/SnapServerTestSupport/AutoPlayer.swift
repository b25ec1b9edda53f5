@_spi(Instrumentation) import SnapClient
import SnapCore

/// Plays from a client's updates the way a quick person would: turns when it is their turn, calls Snap! on every
/// match, and now and then calls wrongly (seeded). For ``TestPlayer``s and ``InProcessClient``s alike.
package struct AutoPlayer {
    /// What the player does.
    package enum Move: Equatable {
        case callSnap
        case turnCard
    }

    package var generator: SplitMix64
    package var turnSent = false

    package init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// What the player does after `update`, in order.
    package mutating func moves(after update: ClientUpdate) -> [Move] {
        var moves: [Move] = []
        let view: PlayerView
        switch update {
        case .table(let current, let events):
            view = current
            if events.contains(where: { if case .activated = $0 { true } else { $0 == .resumed } }) { turnSent = false }
            if events.contains(where: { if case .cardTurned = $0 { true } else { false } }), view.viewerCanCall {
                if !view.matchingSeats.isEmpty || Int.random(in: 0..<25, using: &generator) == 0 {
                    moves.append(.callSnap)
                }
            }
        case .snapshot(let current):
            view = current
            turnSent = false
        default:
            return []
        }
        if view.viewerCanTurn && !turnSent {
            turnSent = true
            moves.append(.turnCard)
        }
        return moves
    }
}
