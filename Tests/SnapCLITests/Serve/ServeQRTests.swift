import Foundation
import SnapTestSupport
import Testing

/// The QR code in `snap serve`'s banner, read off a real terminal (tmux) by ZBar: it must open exactly the address
/// it says, and that address must be one other devices can reach.
@Suite(.startsPrograms, .enabled(if: TmuxSoloTests.tmuxAvailable && QRReader.available, "tmux, zbarimg or libqrencode is missing"))
struct ServeQRTests {
    @Test func theBannersCodeOpensTheLANAddressItNames() async throws {
        let port = try TmuxNetworkTests.freePort()
        let pane = try await SnapPane(arguments: "serve --port \(port)")
        defer { pane.close() }
        let screen = try await pane.waitFor("the banner") { $0.contains("Ctrl-C") }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let caption = try #require(lines.firstIndex { $0.hasPrefix("Scan with a phone's camera to open ") }, "\(screen)")
        let end = try #require(lines.firstIndex { $0.hasPrefix("Play in a terminal") }, "\(screen)")
        let link = try #require(lines[caption].firstMatch(of: /open (http:\/\/\S+) :/)?.1, "\(screen)")
        #expect(try await QRReader.read(pixels: QRReader.pixels(ofHalfBlocks: Array(lines[(caption + 1)..<end]))) == String(link))
        // The first address the banner lists after this machine's own, which is never the one shared when there
        // is another. The line saying the server's name on the LAN comes under the banner once avahi has announced
        // it (and may scroll the banner's list off a 24-row pane): it is not the banner's list.
        let listed = lines.filter {
            $0.hasPrefix("  http://") && !$0.contains("(this machine)") && !$0.contains("(by name, announced")
        }
        if let first = listed.first {
            #expect(first.trimmingCharacters(in: .whitespaces) == String(link))
            #expect(!link.contains("127.0.0.1"))
        }
        #expect(lines.count <= 24, "the banner fits an 80×24 terminal: \(screen)")
    }

    @Test func theHostShowsTheTablesCodeWithI() async throws {
        let port = try TmuxNetworkTests.freePort()
        let pane = try await SnapPane(arguments: "host --name Ann --port \(port)")
        defer { pane.close() }
        try await pane.waitFor("the waiting room") { $0.contains("i QR code") }
        try await pane.send("i")
        let screen = try await pane.waitFor("the QR code") { $0.contains("Scan to join") && $0.contains("any key closes") }
        // Inside the box's borders (the table shows around it), the code's rows, then the link.
        let inside = screen.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let cells = Array(line)
            guard let first = cells.firstIndex(of: "│"), let last = cells.lastIndex(of: "│"), first < last else { return "" }
            return String(cells[(first + 1)..<last])
        }
        let top = try #require(screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.contains("Scan to join")
        })
        let linkLine = try #require(inside.firstIndex { $0.contains("http://") }, "\(screen)")
        let link = try #require(inside[linkLine].firstMatch(of: /(http:\/\/\S+)/)?.1)
        #expect(try await QRReader.read(pixels: QRReader.pixels(ofHalfBlocks: Array(inside[(top + 1)..<linkLine]))) == String(link))
        let code = try #require(screen.firstMatch(of: /Table ([A-HJ-NP-Z]{4})/)?.1)
        #expect(link.hasSuffix("/?t=\(code)"), "\(link)")
        try await pane.send("x")
        try await pane.waitFor("the table again") { !$0.contains("Scan to join") }
    }

    @Test func noQRLeavesTheCodeOut() async throws {
        let port = try TmuxNetworkTests.freePort()
        let pane = try await SnapPane(arguments: "serve --port \(port) --no-qr")
        defer { pane.close() }
        let screen = try await pane.waitFor("the banner") { $0.contains("Ctrl-C") }
        #expect(!screen.contains("Scan with"), "\(screen)")
        #expect(!screen.contains("█"), "\(screen)")
    }

    @Test func aBannerThatIsNotInATerminalHasNoCode() async throws {
        let server = try await SnapBinary.startServer()
        server.stop()
        #expect(server.banner.contains("Stop the server with Ctrl-C."), "\(server.banner)")
        #expect(!server.banner.contains("Scan with"), "\(server.banner)")
    }
}

/// Without libqrencode the server starts as ever: the banner says why there is no code, the page gets the link
/// alone.
@Suite(.startsPrograms, .enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
struct ServeWithoutQRLibraryTests {
    @Test func theBannerSaysWhatToInstallAndTheServerSaysItDrawsNoCodes() async throws {
        let port = try TmuxNetworkTests.freePort()
        let pane = try await SnapPane(
            arguments: "serve --port \(port)", environment: ["SNAP_LIBQRENCODE": "/nonexistent/libqrencode.so.4"])
        defer { pane.close() }
        let screen = try await pane.waitFor("the banner") { $0.contains("Ctrl-C") }
        #expect(screen.contains("QR codes are off: install libqrencode (Debian: apt-get install libqrencode4)."), "\(screen)")
        #expect(!screen.contains("█"), "\(screen)")
        let about = try String(contentsOf: URL(string: "http://127.0.0.1:\(port)/api/server")!, encoding: .utf8)
        #expect(about.contains(#""qr":false"#), "\(about)")
    }
}
