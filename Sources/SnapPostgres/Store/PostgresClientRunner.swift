import PostgresNIO

/// Runs a pool's `run()` in a task of its own until stopped, and says when it has begun.
///
/// A pool leased from before its `run()` is called waits for it, but PostgresNIO warns on the pool's logger ("…
/// `PostgresClient.run()` hasn't been called yet"), and a task just made may not have started by the time its
/// maker asks the pool for a connection — on a busy machine it did not, and `snap serve --cluster`'s first lines
/// began with that warning. Whoever opens a pool waits for ``started()`` before handing it out.
struct PostgresClientRunner: Sendable {
    private let task: Task<Void, Never>
    private let begun: AsyncStream<Never>

    /// Starts `client.run()`.
    init(_ client: PostgresClient) {
        let (begun, beginning) = AsyncStream<Never>.makeStream()
        self.begun = begun
        task = Task {
            beginning.finish()
            await client.run()
        }
    }

    /// Returns once the task is calling `run()` (the next thing it does).
    func started() async {
        for await _ in begun {}
    }

    /// Stops `run()`, which closes the pool's connections, and waits for it.
    func stop() async {
        task.cancel()
        await task.value
    }
}
