import SnapCore
import SnapProtocol
import Testing

@testable import SnapClient

/// Each error says what happened in a sentence for people, and what a program needs to tell them apart.
@Suite struct SnapClientErrorTests {
    static let all: [SnapClientError] = [
        .invalidAddress("ftp://x"), .unreachable(.nothingListening), .unreachable(.unknownHost),
        .unreachable(.noAnswer), .unreachable(.notSnap), .unreachable(.other("a reason")),
        .refused(.init(code: TableError.tableFull.rawValue, message: TableError.tableFull.description)),
        .connectionClosed, .timedOut, .alreadyWaiting, .cancelled, .noServerFound, .discoveryUnavailable("no daemon"),
    ]

    @Test func everyErrorHasItsOwnSentence() {
        let sentences = Self.all.map(\.description)
        #expect(Set(sentences).count == sentences.count)
        for sentence in sentences { #expect(sentence.hasSuffix(".") || sentence.hasSuffix(")"), "\(sentence)") }
    }

    @Test func aRefusalNamesItsCodeByKind() {
        let table = SnapClientError.Refusal(code: TableError.roundUnderWay.rawValue, message: "")
        #expect(table.tableError == .roundUnderWay)
        #expect(table.serverError == nil)
        let server = SnapClientError.Refusal(code: WireErrorCode.unknownToken.rawValue, message: "")
        #expect(server.serverError == .unknownToken)
        #expect(server.tableError == nil)
        // A code from a newer server than this client knows.
        let newer = SnapClientError.Refusal(code: 999, message: "Something new.")
        #expect(newer.tableError == nil && newer.serverError == nil)
        #expect(SnapClientError.refused(newer).description == "Something new.")
    }

    /// The network library says what went wrong only in words; these are the words it uses.
    @Test(arguments: [
        ("connect(descriptor:addr:size:): Connection refused (errno: 111)", SnapClientError.unreachable(.nothingListening)),
        ("NIOConnectionError: DNS A-record lookup failed", .unreachable(.unknownHost)),
        ("connectTimeout(TimeAmount(nanoseconds: 10000000000))", .unreachable(.noAnswer)),
        ("WebSocketClientError: webSocketUpgradeFailed", .unreachable(.notSnap)),
        ("something else", .unreachable(.other("something else"))),
    ])
    func aNetworkErrorIsClassifiedByItsWords(text: String, expected: SnapClientError) {
        #expect(SnapClientError.classifying(Words(text: text)) == expected)
    }

    struct Words: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }
}
