import Testing

@testable import SnapCore

/// The runner keeps its seats' allowances in place; they read back as the dictionary they were set from.
@Suite struct SeatAllowancesTests {
    @Test func aDictionaryReadsBackAsItWasWithNoneKeptApartFromNothing() {
        let some = NetworkAllowance(typical: .milliseconds(12), most: .milliseconds(40))
        let dictionaries: [[Seat: NetworkAllowance]] = [
            [:], [.bottom: some], [.left: .none], [.bottom: some, .left: .none, .top: some, .right: some],
        ]
        for dictionary in dictionaries {
            #expect(SeatAllowances(dictionary).dictionary == dictionary)
        }
        #expect(SeatAllowances([.left: .none]) != SeatAllowances())
        #expect(SeatAllowances([.top: some]) != SeatAllowances([.right: some]))
    }

    @Test func aSeatSetAndClearedIsAsIfNeverSet() {
        var allowances = SeatAllowances()
        allowances[.top] = NetworkAllowance(typical: .milliseconds(5), most: .milliseconds(9))
        #expect(allowances[.top]?.most == .milliseconds(9))
        #expect(allowances[.bottom] == nil)
        allowances[.top] = nil
        #expect(allowances == SeatAllowances())
    }

    @Test func theRunnerReadsBackWhatItWasGiven() {
        var runner = TableRunner(generator: SplitMix64(seed: 1))
        let allowances: [Seat: NetworkAllowance] = [.bottom: .none, .right: NetworkAllowance(typical: .zero, most: .seconds(1))]
        runner.allowances = allowances
        #expect(runner.allowances == allowances)
    }
}
