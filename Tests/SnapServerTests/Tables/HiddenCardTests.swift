import SnapClient
import SnapCore
import SnapProtocol
import Testing
@testable import SnapServer

/// No client ever receives the identity of a face-down card before it is turned.
@Suite struct HiddenCardTests {
    @Test func noFaceDownCardIsEverSentBeforeItIsTurned() async throws {
        let seed: UInt64 = 77
        let server = try await TestServer.start(speed: 200, seed: seed)
        let host = try await TestPlayer.connect(server, name: "Host", recordBytes: true, autoPlay: 5)
        await host.client.hostTable()
        let (code, _) = try await host.joined()
        let guest = try await TestPlayer.join(server, code: code, name: "Guest", recordBytes: true, autoPlay: 6)
        // Someone watching from before the deal to the end, and someone arriving once play is under way.
        let watcher = try await TestPlayer.watch(server, code: code, name: "Eve", recordBytes: true)

        // The test knows the deck: the server's seed gives the table code, then the table's seed, which
        // draws the starting player and shuffles (see Lobby.openTable and Table.startRound).
        var lobby = SplitMix64(seed: seed)
        #expect(TableCode.random(using: &lobby) == code)
        var table = SplitMix64(seed: lobby.next())
        let starterIndex = Int.random(in: 0..<2, using: &table)
        let deck = Deck.shuffled(using: &table)
        let starter: Seat = [.bottom, .top][starterIndex]
        // Dealt one at a time from the starter: the starter's top closed card is the second-to-last dealt.
        let firstTurn = deck[50]

        await host.client.startRound()
        try await waitFor("play", on: host.log, timeout: .seconds(60)) {
            $0.has { if case .cardTurned = $0 { true } else { false } }
        }
        let late = try await TestPlayer.watch(server, code: code, name: "Max", recordBytes: true)
        for player in [host, guest, watcher, late] {
            try await waitFor("the winner", on: player.log, timeout: .seconds(120)) {
                $0.has { if case .roundWon = $0 { true } else { false } }
            }
        }
        let everTurned = Set(try await host.client.receivedBytes.compactMap {
            if case .cardTurned(_, let card) = try Frame.decode($0).packet { card } else { nil }
        })
        for player in [host, guest, watcher, late] {
            // A late watcher learns the cards turned before it came from its snapshot.
            let isLate = player.client === late.client
            var turned = Set<Card>()
            var sawFirstTurn = false
            for bytes in await player.client.receivedBytes {
                let frame = try Frame.decode(bytes)
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
