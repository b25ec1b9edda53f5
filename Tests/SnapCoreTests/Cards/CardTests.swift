import Foundation
import Testing
@testable import SnapCore

@Suite struct CardTests {
    @Test func aCardIsOneByteAndKeepsItsSuitAndValue() {
        #expect(MemoryLayout<Card>.size == 1)
        for suit in Suit.allCases {
            for value in Card.values {
                let card = Card(suit: suit, value: value)!
                #expect(card.suit == suit)
                #expect(card.value == value)
            }
        }
        #expect(Set(Deck.ordered).count == 52)
    }

    @Test func aCardIsWrittenAsItsSuitAndValue() throws {
        let card = Card(suit: .hearts, value: 12)!
        let json = try JSONEncoder().encode(card)
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Int]
        #expect(object == ["suit": 2, "value": 12])
        #expect(try JSONDecoder().decode(Card.self, from: json) == card)
    }

    @Test(arguments: [0, 14, 15, 255])
    func aWrittenCardWithAValueOutOfRangeIsAnError(value: Int) {
        let json = Data(#"{"suit": 1, "value": \#(value)}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Card.self, from: json) }
    }
}
