import CoreMetrics
import Prometheus
import Synchronization

/// The server's metrics, exported for Prometheus at `/metrics`. Each server has its own registry, so several
/// servers in one process (as in the tests) do not mix their figures.
final class ServerMetrics: WebSocketSenderGrowth {
    let registry = PrometheusCollectorRegistry()
    let connections: CoreMetrics.Gauge
    let tables: CoreMetrics.Gauge
    // The five metrics below are recorded on every message, send, action or pong, from every event loop: striped
    // (StripedCounter, StripedHistogram) rather than the registry's, which are one atomic or one lock each.
    /// Messages read from every connection.
    let packetsIn = StripedCounter(name: "snap_packets_in_total")
    /// Packets queued for every connection.
    let packetsOut = StripedCounter(name: "snap_packets_out_total")
    /// The bytes of those packets, framed.
    let bytesOut = StripedCounter(name: "snap_bytes_out_total")
    /// How long each action took from its arrival to its events queued for every seat.
    let eventLatency: StripedHistogram
    /// Each pong's round trip.
    let roundTrip: StripedHistogram
    /// How long each verdict on Snap! calls waited, from the first call on the card to the verdict: while a player
    /// whose network is slower could still prove a faster reaction (docs/FAIRNESS.md). A call's result reaches the
    /// table this much later than a turn's would; `snap-bench load` reports it beside the calls' latency.
    let judgingWait: CoreMetrics.Timer
    /// How long a write of a table's journal took (a node of a cluster): what a step waits before it is sent.
    let journalWrite: CoreMetrics.Timer
    /// Pongs that answered no ping of ours (forged, or too late): they measure nothing.
    let ignoredPongs: CoreMetrics.Counter
    /// Pongs whose round trip the socket's own (TCP_INFO) says is too long by more than the slack: held back, and
    /// bounded by the kernel's when calls are judged.
    let pongDisagreements: CoreMetrics.Counter
    /// Times a table found its 52 cards not all accounted for after an action (a bug in the rules if ever > 0).
    let cardConservationFailures: CoreMetrics.Counter
    /// Connections cut off because they stopped reading and their unsent packets passed the outbox limit.
    let overrunOutboxes: CoreMetrics.Counter
    /// The most bytes seen waiting in one connection's outbox.
    let largestOutbox: CoreMetrics.Gauge
    private let largest = Mutex(0)
    private let factory: PrometheusMetricsFactory

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Waits of a few milliseconds on a LAN, up to the judging bound (200 ms by default): finer than the default
        // buckets, which start at 5 ms.
        factory.durationHistogramBuckets[Self.judgingWaitLabel] = [
            0.000_5, 0.001, 0.002, 0.003, 0.005, 0.007_5, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.5, 1,
        ].map { Duration.seconds($0) }
        self.factory = factory
        connections = CoreMetrics.Gauge(label: "snap_connections", factory: factory)
        tables = CoreMetrics.Gauge(label: "snap_tables", factory: factory)
        eventLatency = StripedHistogram(
            name: "snap_event_latency_seconds", buckets: factory.defaultDurationHistogramBuckets)
        roundTrip = StripedHistogram(name: "snap_round_trip_seconds", buckets: factory.defaultDurationHistogramBuckets)
        journalWrite = CoreMetrics.Timer(label: "snap_journal_write_seconds", factory: factory)
        judgingWait = CoreMetrics.Timer(label: Self.judgingWaitLabel, factory: factory)
        ignoredPongs = CoreMetrics.Counter(label: "snap_ignored_pongs_total", factory: factory)
        pongDisagreements = CoreMetrics.Counter(label: "snap_pong_rtt_disagreements_total", factory: factory)
        cardConservationFailures = CoreMetrics.Counter(label: "snap_card_conservation_failures_total", factory: factory)
        overrunOutboxes = CoreMetrics.Counter(label: "snap_outbox_overruns_total", factory: factory)
        largestOutbox = CoreMetrics.Gauge(label: "snap_outbox_largest_bytes", factory: factory)
    }

    /// The name of ``judgingWait`` at `/metrics`.
    static let judgingWaitLabel = "snap_judging_wait_seconds"

    /// Counts a refusal sent to a client, by its code.
    func error(code: UInt16) {
        CoreMetrics.Counter(label: "snap_errors_total", dimensions: [("code", String(code))], factory: factory).increment()
    }

    /// Notes an outbox's new high; the gauge keeps the largest of all.
    func outboxGrew(to bytes: Int) {
        largest.withLock { largest in
            guard bytes > largest else { return }
            largest = bytes
            largestOutbox.record(bytes)
        }
    }

    /// Counts a socket refused or closed at the socket level, by reason ("address-full", "address-rate", "descriptors",
    /// "evicted"), and each pause in accepting for want of descriptors ("accept-paused").
    func socketRefused(_ reason: String) {
        CoreMetrics.Counter(label: "snap_sockets_refused_total", dimensions: [("reason", reason)], factory: factory).increment()
    }

    /// A counter by name and dimensions, made on first use.
    func counter(_ label: String, _ dimensions: (String, String)...) -> CoreMetrics.Counter {
        CoreMetrics.Counter(label: label, dimensions: dimensions, factory: factory)
    }

    /// The metrics in Prometheus' text format.
    func exposition() -> String {
        var buffer = [UInt8]()
        registry.emit(into: &buffer)
        for counter in [packetsIn, packetsOut, bytesOut] { counter.emit(into: &buffer) }
        for histogram in [eventLatency, roundTrip] { histogram.emit(into: &buffer) }
        return String(decoding: buffer, as: UTF8.self)
    }
}
