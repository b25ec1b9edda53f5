import Synchronization

/// What one table's lean bots have sent and received, counted as they go from any event loop.
final class TrafficCounters: Sendable {
    private let packetsOut = Atomic(0)
    private let messagesOut = Atomic(0)
    private let bytesOut = Atomic(0)
    private let packetsIn = Atomic(0)
    private let bytesIn = Atomic(0)

    /// A message of `bytes` holding `packets` packets came from the server.
    func received(bytes: Int, packets: Int = 1) {
        messagesOut.increment()
        packetsOut.wrappingAdd(packets, ordering: .relaxed)
        bytesOut.wrappingAdd(bytes, ordering: .relaxed)
    }

    /// A packet of `bytes` went to the server.
    func sent(bytes: Int) {
        packetsIn.increment()
        bytesIn.wrappingAdd(bytes, ordering: .relaxed)
    }

    /// The counts so far.
    var traffic: Traffic {
        var traffic = Traffic()
        traffic.packetsOut = packetsOut.value
        traffic.messagesOut = messagesOut.value
        traffic.bytesOut = bytesOut.value
        traffic.packetsIn = packetsIn.value
        traffic.bytesIn = bytesIn.value
        return traffic
    }
}
