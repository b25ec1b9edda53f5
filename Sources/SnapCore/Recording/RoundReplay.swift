/// Plays a recorded round again on a fresh runner, step by step: the same events come out, in the same order,
/// at the same times, because the rules are deterministic.
public struct RoundReplay: Sendable {
    /// The runner as the round stood after the last step taken.
    public private(set) var runner: TableRunner<SplitMix64>
    /// The log being replayed.
    public let log: RoundLog
    /// How many steps have been taken.
    public private(set) var position = 0

    /// A replay standing at the start of the round (before its first step).
    public init(_ log: RoundLog) {
        self.log = log
        runner = log.start.runner
    }

    /// Whether every step has been taken.
    public var isFinished: Bool { position == log.steps.count }

    /// Takes the next step and returns its events; nil when every step has been taken.
    ///
    /// - Throws: ``RoundReplayError`` when the table refuses a recorded action: the log does not belong to
    ///   these rules (a newer version's, or damaged).
    public mutating func next() throws(RoundReplayError) -> [TableEvent]? {
        guard position < log.steps.count else { return nil }
        let step = log.steps[position]
        position += 1
        switch step {
        case .perform(let action):
            do {
                return try runner.perform(action)
            } catch {
                throw RoundReplayError(step: position - 1, action: action, refusal: error)
            }
        case .advance(let time):
            return runner.advance(to: time)
        case .allowances(let allowances):
            runner.allowances = allowances
            return []
        }
    }

    /// Every event of the round, step by step (the steps that produced none included, as empty lists).
    public static func events(of log: RoundLog) throws(RoundReplayError) -> [[TableEvent]] {
        var replay = RoundReplay(log)
        var all = [[TableEvent]]()
        while let events = try replay.next() { all.append(events) }
        return all
    }
}

/// A recorded action the table refused on replay.
public struct RoundReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The step's index in the log.
    public var step: Int
    /// The action the log recorded.
    public var action: TableAction
    /// Why the table refused it.
    public var refusal: TableError

    /// What the replay ran into, in a sentence for people.
    public var description: String {
        "step \(step) of the round's log (\(action)) was refused on replay: \(refusal); the log does not match these rules"
    }
}
