@testable import SnapServer
import Testing

@Suite struct RoundTripWindowTests {
    @Test func anEmptyWindowHasNoRangeAndNoMedian() {
        let window = RoundTripWindow()
        #expect(window.count == 0)
        #expect(window.range == nil)
        #expect(window.median == nil)
        #expect(window.values.isEmpty)
    }

    @Test func itKeepsTheLastSixteenInPlaceOfTheOldest() {
        var window = RoundTripWindow()
        for value in UInt32(1)...16 { window.append(value * 1_000) }
        #expect(window.count == 16)
        #expect(window.range! == (1_000, 16_000))
        // 8,000 and 9,000 are the middle two.
        #expect(window.median == 8_500)
        window.append(100_000)
        window.append(UInt32.max)
        #expect(window.count == 16)
        #expect(window.range! == (3_000, UInt32.max))
        #expect(Set(window.values) == Set((3...16).map { UInt32($0) * 1_000 } + [100_000, UInt32.max]))
    }

    @Test func anOddCountHasTheMiddleValueAsItsMedian() {
        var window = RoundTripWindow()
        for value: UInt32 in [30, 10, 20] { window.append(value) }
        #expect(window.median == 20)
        #expect(window.range! == (10, 30))
    }
}
