import Foundation
import SnapTestSupport
import Testing

/// The QR code in `snap serve`'s banner, read off a real terminal (tmux) by ZBar: it must open exactly the address
/// it says, and that address must be one other devices can reach.
@Suite(.enabled(if: TmuxSoloTests.tmuxAvailable && QRReader.available, "tmux, zbarimg or libqrencode is missing"))
struct ServeQRTests {
    @Test func theBannersCodeOpensTheLANAddressItNames() throws {
        let port = try TmuxNetworkTests.freePort()
        let pane = try TmuxSoloTests.SnapPane(arguments: "serve --port \(port)")
        defer { pane.close() }
        let screen = try pane.waitFor("the banner") { $0.contains("Ctrl-C") }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let caption = try #require(lines.firstIndex { $0.hasPrefix("Scan with a phone's camera to open ") }, "\(screen)")
        let end = try #require(lines.firstIndex { $0.hasPrefix("Play in a terminal") }, "\(screen)")
        let link = try #require(lines[caption].firstMatch(of: /open (http:\/\/\S+) :/)?.1, "\(screen)")
        #expect(try QRReader.read(pixels: QRReader.pixels(ofHalfBlocks: Array(lines[(caption + 1)..<end]))) == String(link))
        // The first address the banner lists after this machine's own, which is never the one shared when there
        // is another.
        let listed = lines.filter { $0.hasPrefix("  http://") && !$0.contains("(this machine)") }
        if let first = listed.first {
            #expect(first.trimmingCharacters(in: .whitespaces) == String(link))
            #expect(!link.contains("127.0.0.1"))
        }
        #expect(lines.count <= 24, "the banner fits an 80×24 terminal: \(screen)")
    }

    @Test func noQRLeavesTheCodeOut() throws {
        let port = try TmuxNetworkTests.freePort()
        let pane = try TmuxSoloTests.SnapPane(arguments: "serve --port \(port) --no-qr")
        defer { pane.close() }
        let screen = try pane.waitFor("the banner") { $0.contains("Ctrl-C") }
        #expect(!screen.contains("Scan with"), "\(screen)")
        #expect(!screen.contains("█"), "\(screen)")
    }

    @Test func aBannerThatIsNotInATerminalHasNoCode() throws {
        let server = try SnapBinary.startServer()
        server.stop()
        #expect(server.banner.contains("Stop the server with Ctrl-C."), "\(server.banner)")
        #expect(!server.banner.contains("Scan with"), "\(server.banner)")
    }
}
