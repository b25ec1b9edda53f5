/// The bots of a load run as the run drives them: in this process, or in generator children.
protocol Bots: Sendable {
    /// Opens every table over the ramp that began at `rampStart`.
    func open(rampStart: ContinuousClock.Instant) async throws
    /// The measured part begins.
    func startMeasuring() async
    /// The measured part ends: the figures, every generator's added up; the connections are closed.
    func finish() async throws -> GeneratorFigures
    /// Gives up after a failure: whatever still runs is stopped.
    func abandon() async
}

/// The bots in this process (`--generators 1`).
struct InProcessBots: Bots {
    let generator: LoadGenerator

    init(_ generator: LoadGenerator) { self.generator = generator }

    func open(rampStart: ContinuousClock.Instant) async throws { try await generator.open(rampStart: rampStart) }
    func startMeasuring() async { await generator.startMeasuring() }
    func finish() async throws -> GeneratorFigures { await generator.finish() }
    func abandon() async { _ = await generator.finish() }
}

/// The bots in K `snap-bench load-worker` children, each with its share of the tables.
struct ChildBots: Bots {
    private let children: [GeneratorProcess]
    private let ramp: Duration

    init(executable: String, settings: LoadSettings, url: String) throws {
        var children: [GeneratorProcess] = []
        for share in 0..<settings.generators {
            do {
                children.append(
                    try GeneratorProcess(
                        executable: executable, settings: settings, url: url, share: share,
                        of: settings.generators))
            } catch {
                for child in children { Task { await child.end() } }
                throw error
            }
        }
        self.children = children
        ramp = settings.ramp
    }

    func open(rampStart: ContinuousClock.Instant) async throws {
        // A child opens its last table at the end of the ramp; connecting and sitting down may take a while more
        // on a busy machine.
        let limit = ramp + .seconds(120)
        for child in children { try await child.waitUntilReady(within: limit - (ContinuousClock.now - rampStart)) }
    }

    func startMeasuring() async {
        for child in children { child.start() }
    }

    func finish() async throws -> GeneratorFigures {
        var all: [GeneratorFigures] = []
        for child in children { child.stop() }
        for child in children { all.append(try await child.figures()) }
        for child in children { await child.end() }
        return GeneratorFigures.sum(all)
    }

    func abandon() async {
        for child in children { await child.end() }
    }
}
