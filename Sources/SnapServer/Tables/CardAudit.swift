import Logging
import SnapCore

/// Checks after every change that a table still holds its 52 cards, each once; a failure would be a bug in the
/// rules, so it is counted, exported as a metric and logged with the events that led to it.
struct CardAudit {
    /// How many times the cards were not all accounted for (must stay 0).
    private(set) var failures = 0

    /// Checks `table` after `events`.
    mutating func check(
        _ table: borrowing Table, after events: [TableEvent], metrics: ServerMetrics, logger: @autoclosure () -> Logger
    ) {
        // Cheap enough to check after every action.
        guard !table.cardsAccountedFor else { return }
        failures += 1
        metrics.cardConservationFailures.increment()
        logger().error("cards not accounted for after \(events)")
    }
}
