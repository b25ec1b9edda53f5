import SnapCore
import Testing

@testable import SnapServer

/// A connection's allowance changes are counted, so that a table can tell without a lock that none moved.
@Suite struct ConnectionNetworkTests {
    @Test func theCountMovesWhenTheAllowanceDoesAndOnlyThen() {
        let network = ConnectionNetwork(openedAt: .zero, secret: 3)
        #expect(network.allowanceChanges == 0)
        var now = Duration.zero
        func pong(after milliseconds: Int) {
            let value = network.ping(at: now)
            now += .milliseconds(milliseconds)
            _ = network.pong(value, at: now)
        }
        pong(after: 20)
        #expect(network.allowanceChanges == 1, "the first round trip gives an allowance")
        let first = network.allowance
        pong(after: 20)
        #expect(network.allowance == first)
        #expect(network.allowanceChanges == 1, "the same round trip again changes nothing")
        pong(after: 60)
        #expect(network.allowance != first)
        #expect(network.allowanceChanges == 2)
        // A pong that answers no ping measures nothing.
        _ = network.pong(12_345, at: now)
        #expect(network.allowanceChanges == 2)
        network.kernelMeasured(KernelRoundTrip(smoothed: .microseconds(500), variation: .microseconds(100), minimum: .microseconds(50)))
        #expect(network.allowanceChanges == 3, "the kernel bounds the allowance: 60 ms of pongs are more than it allows")
    }
}
