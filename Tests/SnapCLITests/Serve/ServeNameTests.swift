import SnapTestSupport
import Testing

/// `snap serve --name`: the name the server is announced under on the LAN, checked before anything starts.
@Suite struct ServeNameTests {
    @Test(arguments: [
        ("", "the name is empty"),
        (String(repeating: "é", count: 32), "the name is 64 bytes long in UTF-8; at most 63 fit"),
        ("Kitchen\ttable", "the name holds a control character (such as a tab or a newline)"),
    ])
    func aBadNameGetsAClearError(name: String, reason: String) async throws {
        let result = try await SnapBinary.run(["serve", "--port", "0", "--name", name])
        #expect(result.status == 64)
        let firstLine = result.firstErrorLine ?? ""
        #expect(firstLine == "Error: --name must be 1 to 63 bytes of UTF-8 with no control characters: \(reason).", "\(result.stderr)")
    }
}
