extension LoadReport {
    /// Actions served per second of the server's CPU time: its capacity, whatever the bots' pace.
    public var actionsPerServerCpuSecond: Double? {
        guard let cpu = serverCpuSecondsPerSecond, cpu > 0 else { return nil }
        return actionsPerSecond / cpu
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
    /// Snap! divided by the floor: p99 latency of all actions (lower is better). Snap!'s calls wait for their
    /// verdicts, the floor's do not: ``turnLatencyP99Ratio`` is the like-for-like figure.
    public var latencyP99Ratio: Double { ratio(snap.latencyMs.p99, floor.latencyMs.p99) }
    /// Snap! divided by the floor: p99 latency of turns alone, which wait for nothing but the server.
    public var turnLatencyP99Ratio: Double { ratio(snap.turnLatencyMs.p99, floor.turnLatencyMs.p99) }
    /// Snap! divided by the floor: p99 latency of calls alone (Snap!'s include the judging wait).
    public var callLatencyP99Ratio: Double { ratio(snap.callLatencyMs.p99, floor.callLatencyMs.p99) }
    /// Snap! divided by the floor: resident memory per connection (lower is better).
    public var memoryRatio: Double {
        ratio(snap.rssBytesPerConnection.map(Double.init), floor.rssBytesPerConnection.map(Double.init))
    }

    /// A comparison of two runs.
    public init(snap: LoadReport, floor: LoadReport) {
        self.snap = snap
        self.floor = floor
    }

    /// 0 when either figure is unknown or the floor's is 0.
    private func ratio(_ numerator: Double?, _ denominator: Double?) -> Double {
        guard let numerator, let denominator, denominator > 0 else { return 0 }
        return numerator / denominator
    }
}
