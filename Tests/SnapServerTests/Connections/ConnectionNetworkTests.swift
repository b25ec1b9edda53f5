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
    /// The kernel's figures are read at every pong of the warm-up, then only every few pongs while the pongs stay
    /// within them — but at once after a pong beyond them, which a stale figure might cut.
    @Test func theKernelIsReadThroughTheWarmUpThenEveryFewPongsOrWhenAPongGoesBeyondIt() throws {
        let network = ConnectionNetwork(secret: 11)
        var now = Duration.zero
        func pong(after milliseconds: Int) throws -> ConnectionNetwork.PongMeasure {
            let value = network.ping(at: now)
            now += .milliseconds(milliseconds)
            return try #require(network.pong(value, at: now))
        }
        // The kernel's bound: 20 + 4 × 5 = 40 ms.
        let kernel = KernelRoundTrip(smoothed: .milliseconds(20), variation: .milliseconds(5), minimum: .milliseconds(15))
        #expect(try pong(after: 20).readsKernel, "nothing read yet")
        for _ in 2...ConnectionNetwork.warmUpPings {
            network.kernelMeasured(kernel)
            #expect(try pong(after: 20).readsKernel, "the warm-up reads at every pong")
        }
        network.kernelMeasured(kernel)
        var reads: [Bool] = []
        for _ in 0..<(2 * Int(ConnectionNetwork.kernelReadingEvery)) {
            let measure = try pong(after: 22)
            reads.append(measure.readsKernel)
            #expect(!measure.disagrees)
            if measure.readsKernel { network.kernelMeasured(kernel) }
        }
        let every = Int(ConnectionNetwork.kernelReadingEvery)
        #expect(reads == (0..<(2 * every)).map { ($0 + 1) % every == 0 }, "every \(every)th pong within the bound")

        let beyond = try pong(after: 45)
        #expect(beyond.readsKernel, "a pong beyond the bound reads it at once")
        #expect(!beyond.disagrees, "within the slack")
        network.kernelMeasured(kernel)
        let held = try pong(after: 60)
        #expect(held.readsKernel && held.disagrees, "beyond the bound and the slack: counted, and read again")
        network.kernelMeasured(kernel)
        #expect(try !pong(after: 22).readsKernel, "a reading resets the count")
    }
}
