/// The connections a table sends to on every action — its connected members', in the order they sat down — kept in
/// place rather than in an array of their own: at a busy server a table's memory is seldom in the cache, and an
/// array would be one more piece of it to fetch before every send. A table seats at most four.
struct TableRecipients {
    /// The most there can be: one a seat.
    static let capacity = 4

    private var outboxes: (Outbox?, Outbox?, Outbox?, Outbox?) = (nil, nil, nil, nil)
    /// A byte, not an `Int`: the table keeps eight bytes less.
    private var storedCount: UInt8 = 0

    /// How many there are.
    var count: Int { Int(storedCount) }

    /// None.
    init() {}

    /// `outboxes`, in their order; at most ``capacity``.
    init(_ outboxes: some Sequence<Outbox>) {
        for outbox in outboxes {
            switch count {
            case 0: self.outboxes.0 = outbox
            case 1: self.outboxes.1 = outbox
            case 2: self.outboxes.2 = outbox
            case 3: self.outboxes.3 = outbox
            default: preconditionFailure("a table sends to at most one connection a seat")
            }
            storedCount += 1
        }
    }

    /// The outbox at `index`, which is below ``count``.
    subscript(index: Int) -> Outbox {
        precondition(index >= 0 && index < count, "no recipient \(index) of \(count)")
        let outbox =
            switch index {
            case 0: outboxes.0
            case 1: outboxes.1
            case 2: outboxes.2
            default: outboxes.3
            }
        return outbox.unsafelyUnwrapped
    }
}
