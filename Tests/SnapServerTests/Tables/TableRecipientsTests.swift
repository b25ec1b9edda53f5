import NIOEmbedded
import Testing

@testable import SnapServer

/// The connections a table sends to, kept in place: in the order given, as many as given, up to one a seat.
@Suite struct TableRecipientsTests {
    /// An outbox on a channel of its own (nothing is sent through it).
    static func outbox() -> Outbox {
        Outbox(
            sender: WebSocketSender(channel: EmbeddedChannel()), network: ConnectionNetwork(), metrics: ServerMetrics(),
            openedAt: .zero)
    }

    @Test func theyKeepTheirOrderAndTheirCount() {
        #expect(TableRecipients().count == 0)
        for count in 1...TableRecipients.capacity {
            let outboxes = (0..<count).map { _ in Self.outbox() }
            let recipients = TableRecipients(outboxes)
            #expect(recipients.count == count)
            #expect((0..<count).allSatisfy { recipients[$0] === outboxes[$0] }, "\(count) in their order")
        }
    }
}
