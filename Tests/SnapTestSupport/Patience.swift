/// How long a test waits for something that should happen. The whole suite runs at once on a machine that may be
/// busy, so a wait is a deadline far past what the thing should take, never a measure of how fast it was.
public enum Patience {
    /// The deadline for anything that should happen.
    public static let deadline: Duration = .seconds(30)

    /// Polls `condition` every 10 ms until it holds (true) or the deadline passes (false).
    public static func wait(
        for deadline: Duration = Patience.deadline, isolation: isolated (any Actor)? = #isolation,
        until condition: () async throws -> Bool
    ) async rethrows -> Bool {
        let end = ContinuousClock.now + deadline
        while ContinuousClock.now < end {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        // Once more: a busy machine may have kept this task from looking while the deadline passed.
        return try await condition()
    }
}
