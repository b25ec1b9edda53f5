/// Everything a table of bots shares with the rest of the run.
struct LoadContext: Sendable {
    /// The server's WebSocket address.
    var url: String
    /// The shape of the run.
    var settings: LoadSettings
    /// Where every table's latencies go.
    var recorder: LatencyRecorder
    /// What every bot counts.
    var counters: LoadCounters
}
