import Foundation
import SnapCore
import SnapProtocol
import Testing

/// The JSON rendering that `snap decode` prints and the golden vectors hold.
@Suite struct JSONRenderingTests {
    @Test func keysAreSortedAndTheLayoutIsStable() {
        let frame = Frame(number: 7, packet: .cardTurned(seat: .left, card: card(.hearts, 10)))
        #expect(
            frame.json.rendered()
                == #"{"fields":{"card":{"suit":"hearts","value":10},"seat":1},"name":"CardTurned","number":7,"type":127}"#
        )
    }

    @Test func prettyRenderingIndentsByTwoSpaces() {
        let value: JSONValue = ["b": [1, nil], "a": [:], "c": []]
        #expect(value.rendered(pretty: true) == "{\n  \"a\": {},\n  \"b\": [\n    1,\n    null\n  ],\n  \"c\": []\n}")
    }

    @Test func stringsEscapeQuotesBackslashesAndControlCharacters() {
        let value: JSONValue = .string("a\"b\\c\nd\u{1}é🃏")
        #expect(value.rendered() == #""a\"b\\c\nd\u0001é🃏""#)
    }

    @Test func renderingReadsBackWithJSONDecoder() throws {
        for frame in Samples.frames {
            let text = frame.json.rendered(pretty: true)
            #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) == frame.json)
        }
    }

    @Test func unnumberedIsNullAndNoSeatIsNull() {
        let json = Frame(number: nil, packet: .hostChanged(nil)).json.rendered()
        #expect(json == #"{"fields":{"seat":null},"name":"HostChanged","number":null,"type":130}"#)
    }

    @Test func verdictsAreObjectsWithAKind() {
        let correct = Frame(
            number: 1, packet: .playerCalledSnap(id: PlayerID("a"), verdict: .correct(matching: [PlayerID("b")])))
        #expect(correct.json.rendered().contains(#""verdict":{"kind":"correct","matching":["b"]}"#))
        let late = Frame(number: 1, packet: .playerCalledSnap(id: PlayerID("a"), verdict: .tooLate))
        #expect(late.json.rendered().contains(#""verdict":{"kind":"tooLate"}"#))
    }

    @Test func pingValuesAreDecimalStrings() {
        #expect(
            Frame(number: 1, packet: .ping(UInt64.max)).json.rendered().contains(#""value":"18446744073709551615""#))
    }
}
