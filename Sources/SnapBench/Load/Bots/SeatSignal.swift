import Synchronization

/// Tells a table's opener, once, that a lean bot sat down (with the table's code) or why it could not; later
/// answers are ignored, so the bot and its connection may both report without a care for which came first.
final class SeatSignal: Sendable {
    private let waiter = Mutex<CheckedContinuation<String, any Error>?>(nil)

    /// Runs `start` (which hands this signal to a bot) and waits for the bot's answer.
    static func wait(_ start: (SeatSignal) -> Void) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            let signal = SeatSignal()
            signal.waiter.withLock { $0 = continuation }
            start(signal)
        }
    }

    /// The bot is seated at table `code`.
    func succeed(_ code: String) { waiter.withLock { $0.take() }?.resume(returning: code) }

    /// The bot could not sit down.
    func fail(_ error: any Error) { waiter.withLock { $0.take() }?.resume(throwing: error) }
}
