@_spi(Instrumentation) import SnapClient
import SnapTestSupport

/// Everything a ``SnapClient`` reported on its updates, kept for a test to look through.
actor ClientUpdateLog {
    private(set) var updates: [ClientUpdate] = []
    private var reader: Task<Void, Never>?

    /// Starts keeping `client`'s updates (it has one reader: this log).
    static func keeping(_ client: SnapClient) async -> ClientUpdateLog {
        let log = ClientUpdateLog()
        await log.read(client)
        return log
    }

    private func read(_ client: SnapClient) {
        reader = Task { [weak self] in
            for await update in client.updates { await self?.append(update) }
        }
    }

    private func append(_ update: ClientUpdate) { updates.append(update) }

    /// How many updates so far satisfy `condition`.
    func count(where condition: (ClientUpdate) -> Bool) -> Int { updates.count(where: condition) }

    /// Whether an update so far satisfies `condition`.
    func contains(where condition: (ClientUpdate) -> Bool) -> Bool { updates.contains(where: condition) }

    /// The Redirects followed so far: the code asked for and where it was.
    var redirects: [(code: String, url: String)] {
        updates.compactMap { if case .redirected(let code, let url) = $0 { (code, url) } else { nil } }
    }

    /// Waits (see ``Patience``) until an update satisfies `condition`; whether one did.
    func waitFor(_ condition: @Sendable (ClientUpdate) -> Bool) async -> Bool {
        await Patience.wait { updates.contains(where: condition) }
    }
}
