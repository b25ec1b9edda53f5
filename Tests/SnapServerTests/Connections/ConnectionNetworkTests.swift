import SnapCore
import Testing

@testable import SnapServer

/// A connection's allowance changes are counted where it reports them, so that a table can tell without a lock that
/// none moved.
@Suite struct ConnectionNetworkTests {
    @Test func theCountMovesWhenTheAllowanceDoesAndOnlyThen() {
        let network = ConnectionNetwork(secret: 3)
        let changes = AllowanceChanges()
        network.reportChanges(to: changes)
        #expect(changes.value == 0)
        var now = Duration.zero
        func pong(after milliseconds: Int) {
            let value = network.ping(at: now)
            now += .milliseconds(milliseconds)
            _ = network.pong(value, at: now)
        }
        pong(after: 20)
        #expect(changes.value == 1, "the first round trip gives an allowance")
        let first = network.allowance
        pong(after: 20)
        #expect(network.allowance == first)
        #expect(changes.value == 1, "the same round trip again changes nothing")
        pong(after: 60)
        #expect(network.allowance != first)
        #expect(changes.value == 2)
        // A pong that answers no ping measures nothing.
        _ = network.pong(12_345, at: now)
        #expect(changes.value == 2)
        network.kernelMeasured(KernelRoundTrip(smoothed: .microseconds(500), variation: .microseconds(100), minimum: .microseconds(50)))
        #expect(changes.value == 3, "the kernel bounds the allowance: 60 ms of pongs are more than it allows")
    }
}

extension ConnectionNetworkTests {
    @Test func aConnectionReportsOnlyToTheLastCountItWasGiven() {
        let network = ConnectionNetwork(secret: 5)
        let before = AllowanceChanges()
        let after = AllowanceChanges()
        network.reportChanges(to: before)
        network.reportChanges(to: after)
        let value = network.ping(at: .zero)
        _ = network.pong(value, at: .milliseconds(20))
        #expect(after.value == 1)
        #expect(before.value == 0, "the table the connection left is not told")
    }
}

extension ConnectionNetworkTests {
    /// The ping loop sends no ping over one still on its way (a warm-up's): its answer would no longer count.
    @Test func aPingWaitingForItsAnswerIsNotReplacedWithinTheInterval() throws {
        let network = ConnectionNetwork(secret: 9)
        let interval = Duration.seconds(5)
        let first = try #require(network.ping(at: .zero, unlessOneWaitsFrom: interval))
        #expect(network.ping(at: .seconds(4), unlessOneWaitsFrom: interval) == nil, "the first is still on its way")
        #expect(network.pong(first, at: .milliseconds(4_500)) != nil, "and its answer still counts")

        let second = try #require(
            network.ping(at: .milliseconds(4_600), unlessOneWaitsFrom: interval), "answered: a new one goes at once")
        #expect(network.ping(at: .milliseconds(9_500), unlessOneWaitsFrom: interval) == nil, "the second still waits")
        let third = try #require(
            network.ping(at: .milliseconds(9_600), unlessOneWaitsFrom: interval), "unanswered for the interval")
        #expect(network.pong(second, at: .seconds(10)) == nil, "the ping it replaced no longer counts")
        #expect(network.pong(third, at: .milliseconds(10_600))?.roundTrip == .seconds(1))
    }
}

extension ConnectionNetworkTests {
    /// A connection that pongs after `milliseconds` each time, its kernel's figures read when a pong asks for them.
    final class Pinged {
        let network: ConnectionNetwork
        let kernel: KernelRoundTrip
        var now = Duration.zero

        init(secret: UInt64, kernel: KernelRoundTrip) {
            network = ConnectionNetwork(secret: secret)
            self.kernel = kernel
        }

        /// One ping and its pong; the kernel read if the pong asks.
        func pong(after milliseconds: Int) throws -> ConnectionNetwork.PongMeasure {
            let value = network.ping(at: now)
            now += .milliseconds(milliseconds)
            let measure = try #require(network.pong(value, at: now))
            if measure.readsKernel { network.kernelMeasured(kernel) }
            now += .seconds(5)
            return measure
        }

        /// Whether each of `count` pongs after `milliseconds` asked for the kernel's figures.
        func reads(_ count: Int, after milliseconds: Int) throws -> [Bool] {
            try (0..<count).map { _ in try pong(after: milliseconds).readsKernel }
        }
    }

    /// The kernel's bound: 20 + 4 × 5 = 40 ms.
    static let kernel = KernelRoundTrip(
        smoothed: .milliseconds(20), variation: .milliseconds(5), minimum: .milliseconds(15))

    /// Through the warm-up the kernel is read after every pong; then, while the pongs stay within its bound, after
    /// about one in four — which ones, the ping's value and the connection's secret say, so a client cannot tell.
    @Test func theKernelIsReadThroughTheWarmUpThenAfterOnePongInFourAtRandom() throws {
        // Several connections, so that no pong of the warm-up reads only because it was one of the one in four.
        for secret: UInt64 in 21...25 {
            let warmUp = try Pinged(secret: secret, kernel: Self.kernel).reads(ConnectionNetwork.warmUpPings, after: 20)
            #expect(warmUp.allSatisfy { $0 }, "the warm-up reads after every pong")
        }
        let pinged = Pinged(secret: 11, kernel: Self.kernel)
        let warmUp = try (1...ConnectionNetwork.warmUpPings).map { _ in try pinged.pong(after: 20) }
        let warmingUp = (1...ConnectionNetwork.warmUpPings).map { $0 < ConnectionNetwork.warmUpPings }
        #expect(warmUp.map(\.warmingUp) == warmingUp, "the next ping goes at once until the sixth pong")

        let reads = try pinged.reads(400, after: 22)
        let count = reads.filter { $0 }.count
        #expect((60...140).contains(count), "about one in \(ConnectionNetwork.kernelReadingOneIn): \(count) of 400")
        #expect(reads.prefix(12).contains(false) && reads.prefix(12).contains(true))

        let other = Pinged(secret: 12_345, kernel: Self.kernel)
        _ = try other.reads(ConnectionNetwork.warmUpPings, after: 20)
        let otherReads = try other.reads(400, after: 22)
        #expect(otherReads != reads, "another connection's secret picks other pongs")
    }

    /// A pong beyond the kernel's bound has it read at once; the pongs after it, within the bound, one in four again.
    /// Counted as a disagreement only beyond the slack too.
    @Test func aPongBeyondTheKernelsBoundHasItReadAtOnce() throws {
        let pinged = Pinged(secret: 11, kernel: Self.kernel)
        _ = try pinged.reads(ConnectionNetwork.warmUpPings + 20, after: 20)
        let beyond = try pinged.pong(after: 45)
        #expect(beyond.readsKernel, "a pong beyond the bound reads it at once")
        #expect(!beyond.disagrees, "within the slack")
        let held = try pinged.pong(after: 60)
        #expect(held.readsKernel && held.disagrees, "beyond the bound and the slack: counted, and read")
        let afterwards = try pinged.reads(40, after: 22)
        #expect(afterwards.contains(false) && afterwards.contains(true), "one pong in four again")
        let heldEveryTime = try pinged.reads(20, after: 150)
        #expect(heldEveryTime.allSatisfy { $0 }, "a client holding every pong has its socket read every time")
    }
}
