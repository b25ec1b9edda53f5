/// Word from the lobby that the list of open tables changed (a table opened or closed, a seat was taken or
/// freed, a round began or ended), for the LAN announcement to update its TXT record. Signals that come faster
/// than they are read collapse into one.
final class ListingChanges: Sendable {
    /// The changes, one element per batch.
    let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Notes a change.
    func signal() {
        continuation.yield()
    }
}
