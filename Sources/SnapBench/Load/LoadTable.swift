/// One table of bot clients in a load run, against a Snap! server or the transport floor (``FloorServer``): full
/// clients that mirror the table (``SnapLoadTable``) or lean bots (``LeanSnapTable``).
protocol LoadTable: Sendable {
    /// The table's number in its run, from 0.
    var index: Int { get }
    /// Connects every seat, sits them down and starts play; throws if a seat could not be filled.
    func open() async throws
    /// What the table's clients have sent and received so far.
    func traffic() async -> Traffic
    /// Whether the table still holds exactly its cards (always true for lean bots, which keep none).
    func cardsConserved() async -> Bool
    /// Disconnects every client.
    func close() async
}
