/// The figures of one load run, as `snap bench load --json` prints them.
public struct LoadReport: Codable, Sendable, Equatable {
    /// "snap" for the game server, "floor" for the bare WebSocket server.
    public var server: String
    public var tables: Int
    public var players: Int
    /// Length of the measured part of the run, after the ramp.
    public var durationSeconds: Double
    public var clientsConnected: Int
    public var clientsFailed: Int
    /// Rounds won during the measured part (always 0 on the floor, which has no game).
    public var rounds: Int
    /// Turns and calls sent during the measured part.
    public var actions: Int
    public var turns: Int
    public var calls: Int
    public var actionsPerSecond: Double
    public var packetsPerSecondOut: Double
    public var bytesPerSecondOut: Double
    public var packetsPerSecondIn: Double
    public var bytesPerSecondIn: Double
    /// From a client's action to its result reaching every seat at that table.
    public var latencyMs: LatencySummary
    public var serverRssBytesIdle: Int
    public var serverRssBytesLoaded: Int
    public var rssBytesPerConnection: Int
    public var serverCpuSecondsPerSecond: Double
    /// The load generator's own CPU use: near the machine's cores, and the figures say more about it than the server.
    public var generatorCpuSecondsPerSecond: Double
    public var protocolErrors: Int
    public var cardsConserved: Bool

    enum CodingKeys: String, CodingKey {
        case server, tables, players, rounds, actions, turns, calls
        case durationSeconds = "duration_seconds"
        case clientsConnected = "clients_connected"
        case clientsFailed = "clients_failed"
        case actionsPerSecond = "actions_per_second"
        case packetsPerSecondOut = "packets_per_second_out"
        case bytesPerSecondOut = "bytes_per_second_out"
        case packetsPerSecondIn = "packets_per_second_in"
        case bytesPerSecondIn = "bytes_per_second_in"
        case latencyMs = "latency_ms"
        case serverRssBytesIdle = "server_rss_bytes_idle"
        case serverRssBytesLoaded = "server_rss_bytes_loaded"
        case rssBytesPerConnection = "rss_bytes_per_connection"
        case serverCpuSecondsPerSecond = "server_cpu_seconds_per_second"
        case generatorCpuSecondsPerSecond = "generator_cpu_seconds_per_second"
        case protocolErrors = "protocol_errors"
        case cardsConserved = "cards_conserved"
    }
}

extension LoadReport {
    /// Actions served per second of the server's CPU time: its capacity, whatever the bots' pace.
    public var actionsPerServerCpuSecond: Double {
        serverCpuSecondsPerSecond > 0 ? actionsPerSecond / serverCpuSecondsPerSecond : 0
    }
}

/// A Snap! run beside the floor's under the same load.
public struct LoadComparison: Sendable, Equatable {
    /// The Snap! server's figures.
    public var snap: LoadReport
    /// The bare WebSocket server's figures.
    public var floor: LoadReport

    /// Snap! divided by the floor: actions served per second of server CPU (higher is better; 1 is the floor).
    ///
    /// Below saturation both servers serve whatever the bots offer, so actions per second say more about the
    /// bots' pace than about the server; actions per CPU-second is how far each could go on the same cores.
    public var throughputRatio: Double {
        ratio(snap.actionsPerServerCpuSecond, floor.actionsPerServerCpuSecond)
    }
    /// Snap! divided by the floor: p99 latency (lower is better).
    public var latencyP99Ratio: Double { ratio(snap.latencyMs.p99, floor.latencyMs.p99) }
    /// Snap! divided by the floor: resident memory per connection (lower is better).
    public var memoryRatio: Double { ratio(Double(snap.rssBytesPerConnection), Double(floor.rssBytesPerConnection)) }

    /// A comparison of two runs.
    public init(snap: LoadReport, floor: LoadReport) {
        self.snap = snap
        self.floor = floor
    }

    private func ratio(_ numerator: Double, _ denominator: Double) -> Double {
        denominator > 0 ? numerator / denominator : 0
    }
}
