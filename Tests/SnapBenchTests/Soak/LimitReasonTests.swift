import Testing

@testable import SnapBench

/// How the soak tells why the server ended a connection: by close code, a few words of the reason, the Error
/// packets before it, or how the TCP connection ended — never by exact sentences.
@Suite struct LimitReasonTests {
    /// A close frame's code and reason, the Error packets before it, and the reason it means.
    struct Example: Sendable {
        var code: UInt16?
        var reason: String
        var errors: Set<UInt16> = []
        var expected: LimitReason
    }

    static let examples = [
        Example(code: 1009, reason: "", expected: .oversizedFrame),
        Example(code: 1007, reason: "", expected: .invalidUTF8),
        Example(code: 1002, reason: "too many malformed packets", expected: .malformedPackets),
        Example(code: 1002, reason: "", errors: [100], expected: .malformedPackets),
        Example(code: 1002, reason: "", expected: .invalidFrame),
        Example(code: 1008, reason: "You are not reading your packets", expected: .notReading),
        Example(code: 1008, reason: "too many requests", expected: .tooManyRequests),
        Example(code: 1008, reason: "slow down", errors: [107], expected: .tooManyRequests),
        Example(code: 1008, reason: "sign in took too long", expected: .signInDeadline),
        Example(code: 1008, reason: "policy", expected: .otherPolicy),
        Example(code: 1001, reason: "no answer to pings", expected: .silence),
        Example(code: 1001, reason: "server shutting down", expected: .otherClose),
        Example(code: 1011, reason: "server full", expected: .serverFull),
        Example(code: 1008, reason: "too many requests", errors: [112], expected: .tooManyConnectionsFromAddress),
        Example(code: 1000, reason: "", errors: [113], expected: .tooManyTablesFromAddress),
        Example(code: nil, reason: "", errors: [106], expected: .serverFull),
    ]

    @Test(arguments: examples)
    func aCloseFrameIsReadByItsCodeItsWordsAndTheErrorsBefore(example: Example) {
        #expect(
            LimitReason.closed(code: example.code, reason: example.reason, errors: example.errors) == example.expected)
    }

    @Test func aConnectionEndedWithoutACloseFrameIsAResetOrAnOrderlyClose() {
        #expect(LimitReason.ended(reset: true, errors: []) == .reset)
        #expect(LimitReason.ended(reset: false, errors: [100]) == .closedWithoutCloseFrame)
        #expect(LimitReason.ended(reset: true, errors: [112]) == .tooManyConnectionsFromAddress)
    }

    @Test func anOutcomeKeepsTheCloseFrameAndJudgesItWithItsErrors() {
        var outcome = HostileOutcome()
        outcome.noteError(107)
        outcome.noteError(107)
        outcome.noteEnd(.closed(code: 1008, reason: "bye"))
        #expect(outcome.ending == .closedByServer(.tooManyRequests))
        #expect(outcome.closeFrame == "1008 bye")
        #expect(outcome.errors == [107: 2])
        var report = HostileKindReport()
        report.add(outcome)
        report.add(HostileOutcome())
        #expect(report.episodes == 2)
        #expect(report.notClosed == 1)
        #expect(report.closedByServer == ["too_many_requests": 1])
        #expect(report.errorsReceived == ["rate_limited": 2])
    }

    @Test func errorCodesHaveSnakeCaseNames() {
        #expect(ErrorCodeName.of(2) == "round_under_way")
        #expect(ErrorCodeName.of(109) == "unknown_token")
        #expect(ErrorCodeName.of(112) == "too_many_connections_from_address")
        #expect(ErrorCodeName.of(999) == "code_999")
        #expect(ErrorCodeName.isGameRefusal(16) && !ErrorCodeName.isGameRefusal(100))
    }
}
