import SnapServerTestSupport
@testable import SnapServer

extension TestServer {
    /// The server-side table with this code.
    func table(_ code: String) async -> TableSession? {
        await server.lobby.table(code: code)
    }
}
