import SnapClient
import Testing

/// What people type or scan, read as a server's address and perhaps a table.
@Suite struct SnapAddressTests {
    @Test(arguments: [
        ("ws://192.168.1.20:8080/ws", "ws://192.168.1.20:8080/ws", nil as String?),
        ("ws://192.168.1.20:9000", "ws://192.168.1.20:9000/ws", nil),
        ("192.168.1.20:8080", "ws://192.168.1.20:8080/ws", nil),
        ("  kitchen.local  ", "ws://kitchen.local:8080/ws", nil),
        ("http://192.168.1.20:8080/", "ws://192.168.1.20:8080/ws", nil),
        ("http://192.168.1.20:8080/?t=kxpt", "ws://192.168.1.20:8080/ws", "KXPT"),
        ("https://snap.example.org/?t=KXPT", "wss://snap.example.org:443/ws", "KXPT"),
        ("wss://snap.example.org/play", "wss://snap.example.org:443/play", nil),
        ("ws://[::1]:8080/ws", "ws://[::1]:8080/ws", nil),
    ])
    func everyFormReadsAsTheServersWebSocket(typed: String, webSocket: String, table: String?) throws {
        let address = try SnapAddress(typed)
        #expect(address.webSocketURL == webSocket)
        #expect(address.tableCode == table)
    }

    @Test(arguments: ["", "ftp://192.168.1.20", "ws://", "http://192.168.1.20:8080/?t=KXPO", "http://192.168.1.20/?t=KX"])
    func anythingElseIsAnInvalidAddress(typed: String) {
        #expect(throws: SnapClientError.invalidAddress(typed)) { try SnapAddress(typed) }
    }

    @Test func anAddressIsMadeFromItsParts() {
        let address = SnapAddress(host: "::1", port: 9000, tableCode: "KXPT")
        #expect(address.webSocketURL == "ws://[::1]:9000/ws")
        #expect(address.description == "ws://[::1]:9000/ws (table KXPT)")
    }

    /// The history's address is read the same way: an HTTP server's base, port 8080 unless said (443 for HTTPS).
    @Test(arguments: [
        (nil as String?, "http://127.0.0.1:8080"),
        ("kitchen.local", "http://kitchen.local:8080"),
        ("http://kitchen.local", "http://kitchen.local:8080"),
        ("ws://10.0.0.2:9000/ws", "http://10.0.0.2:9000"),
        ("https://snap.example.org/", "https://snap.example.org:443"),
        ("[::1]:8081", "http://[::1]:8081"),
    ])
    func aHistoryAddressIsAServersBase(typed: String?, base: String) throws {
        #expect(try HistoryClient(address: typed).base.absoluteString == base)
    }

    @Test func aHistoryAddressThatIsNoneSaysSo() {
        #expect(throws: HistoryError.badAddress("ftp://example")) { try HistoryClient(address: "ftp://example") }
    }
}
