@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import Testing
@testable import SnapServer

/// No client ever receives the identity of a face-down card before it is turned.
@Suite struct HiddenCardTests {
    @Test func noFaceDownCardIsEverSentBeforeItIsTurned() async throws {
        let seed: UInt64 = 77
        let server = InProcessServer.start(speed: 200, seed: seed)
        let host = try await server.player("Host", autoPlay: 5)
        await host.hostTable()
        let (code, _) = try await host.joined()
        let guest = try await server.player("Guest", joining: code, autoPlay: 6)
        // Someone watching from before the deal to the end, and someone arriving once play is under way.
        let watcher = try await server.watcher("Eve", watching: code)

        // The test knows the deck: the server's seed gives the table code, then the table's seed, which
        // draws the starting player and shuffles (see Lobby.openTable and Table.startRound).
        var lobby = SplitMix64(seed: seed)
        #expect(TableCode.random(using: &lobby) == code)
        var table = SplitMix64(seed: lobby.next())
        let starterIndex = Int.random(in: 0..<2, using: &table)
        let deck = DealCode(drawingFrom: &table).deck
        let starter: Seat = [.bottom, .top][starterIndex]
        // Dealt one at a time from the starter: the starter's top closed card is the second-to-last dealt.
        let firstTurn = deck[50]

        await host.startRound()
        try await host.waitFor("play", advancing: true) {
            $0.has { if case .cardTurned = $0 { true } else { false } }
        }
        let late = try await server.watcher("Max", watching: code)
        for player in [host, guest, watcher, late] {
            try await player.waitFor("the winner", advancing: true) {
                $0.has { if case .roundWon = $0 { true } else { false } }
            }
        }
        let everTurned = Set(try await host.receivedBytes.flatMap { try Frame.decodeMessage($0) }.compactMap {
            if case .cardTurned(_, let card) = $0.packet { card } else { nil }
        })
        for player in [host, guest, watcher, late] {
            // A late watcher learns the cards turned before it came from its snapshot.
            let isLate = player === late
            var turned = Set<Card>()
            var sawFirstTurn = false
            for frame in try await player.receivedBytes.flatMap({ try Frame.decodeMessage($0) }) {
                switch frame.packet {
                case .cardTurned(let seat, let card):
                    if !sawFirstTurn && !isLate {
                        #expect(seat == starter && card == firstTurn, "the test's deck differs from the server's")
                        sawFirstTurn = true
                    }
                    turned.insert(card)
                case .snapshot(let view):
                    for seat in view.seats.compactMap({ $0 }) {
                        if isLate {
                            #expect(seat.open.allSatisfy(everTurned.contains), "a snapshot showed a card never turned")
                            turned.formUnion(seat.open)
                        } else {
                            #expect(seat.open.allSatisfy(turned.contains), "a snapshot showed a card never turned")
                        }
                    }
                default:
                    // No other packet carries a card at all: check the bytes for every card still unturned.
                    for card in deck where !turned.contains(card) {
                        #expect(!frame.packet.mentions(card), "\(frame.packet.name) named \(card) before it was turned")
                    }
                }
            }
            #expect(sawFirstTurn || isLate)
        }
        await server.stop()
    }
}

extension Packet {
    /// Whether the decoded packet names this card anywhere.
    func mentions(_ card: Card) -> Bool {
        // Cards print as rank and suit symbol ("10♥"), which nothing else in a packet contains.
        String(reflecting: self).contains(card.description)
    }
}
