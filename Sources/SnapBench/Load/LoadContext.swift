/// Everything a table of bots shares with the rest of the run.
struct LoadContext: Sendable {
    /// The server's WebSocket address.
    var url: String
    /// The shape of the run.
    var settings: LoadSettings
    /// Where the lean bots' latencies go.
    var recorder: LatencyRecorder
    /// Where the mirror tables' latencies go: their bots are full clients, whose own work (a mirror of the table,
    /// an actor and a stream of updates each) is part of what they measure, so they are kept apart.
    var mirrorRecorder: LatencyRecorder
    /// What every bot counts.
    var counters: LoadCounters
}
