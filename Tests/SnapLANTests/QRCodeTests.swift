import Foundation
import SnapTestSupport
import Testing

@testable import SnapLAN

@Suite(.enabled(if: QRReader.available, "libqrencode or zbarimg is missing; SNAP_REQUIRE_LAN=1 makes that a failure"))
struct QRCodeTests {
    static let links = [
        "http://192.168.1.20:8080/", "http://10.0.0.7:18433/?t=KXPT", "http://snap-party.local:8080/?t=ABCD",
        "http://[fe80::1]:8080/",
        "http://snap.example.org:65535/?t=WXYZ",
    ]

    @Test(arguments: links)
    func aCodeReadsBackAsExactlyItsLink(link: String) async throws {
        let code = try QRCode.encoding(link)
        #expect(code.size >= 21 && (code.size - 21) % 4 == 0)
        let pixels = (-4..<code.size + 4).map { y in (-4..<code.size + 4).map { x in code[x, y] } }
        #expect(try await QRReader.read(pixels: pixels) == link)
    }

    // The SVG is read back through a real browser's drawing of it in the browser tests (ImageMagick, which zbarimg
    // reads pictures with, does not scale an SVG's view box); here, its shape.
    @Test func theSVGPictureIsTheModulesOnWhiteWithAQuietZone() async throws {
        let code = try QRCode.encoding("http://192.168.1.20:8080/")
        let svg = code.svg(title: "Join", pixelsPerModule: 8)
        let side = code.size + 8
        #expect(svg.contains(#"viewBox="0 0 \#(side) \#(side)" width="\#(side * 8)" height="\#(side * 8)""#))
        #expect(svg.contains(##"<rect width="\##(side)" height="\##(side)" fill="#fff"/>"##))
        // Every dark module is in exactly one run of the path, and nothing else is.
        let runs = try #require(svg.firstMatch(of: /d="([^"]*)"/)).1.matches(of: /M(\d+) (\d+)h(\d+)v1h-(\d+)z/)
        var dark = Set<Int>()
        for run in runs {
            let (x, y, width) = (Int(run.1)! - 4, Int(run.2)! - 4, Int(run.3)!)
            #expect(Int(run.4)! == width)
            for column in x..<x + width { #expect(dark.insert(y * code.size + column).inserted) }
        }
        #expect(dark == Set(code.modules.indices.filter { code.modules[$0] }))
    }

    @Test(arguments: [0, 1, 2, 4])
    func theTerminalsHalfBlocksReadBackAsTheLink(quietZone: Int) async throws {
        let link = "http://192.168.1.20:8080/"
        let code = try QRCode.encoding(link)
        let lines = code.halfBlockLines(quietZone: quietZone, colour: false)
        #expect(lines.count == (code.size + 2 * quietZone + 1) / 2)
        #expect(lines.allSatisfy { $0.count == code.size + 2 * quietZone })
        let framed = QRReader.pixels(ofHalfBlocks: lines, margin: 4 - min(quietZone, 4))
        #expect(try await QRReader.read(pixels: framed) == link)
    }

    @Test func colouredLinesAreBlackOnWhiteWhateverTheTerminal() async throws {
        let lines = try QRCode.encoding("http://10.0.0.7:8080/").halfBlockLines(colour: true)
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[30;107m") && $0.hasSuffix("\u{1B}[0m") })
    }

    @Test func aTitleIsEscapedInTheSVG() async throws {
        let svg = try QRCode.encoding("http://a.local/?t=ABCD").svg(title: "Join <Ann & \"Bo\">")
        #expect(svg.contains("<title>Join &lt;Ann &amp; &quot;Bo&quot;&gt;</title>"))
    }

    @Test func whatCannotBeEncodedIsATypedError() {
        #expect(throws: QRCodeError.empty) { try QRCode.encoding("") }
        let long = String(repeating: "x", count: QRCode.maximumBytes + 1)
        #expect(throws: QRCodeError.tooLong(QRCode.maximumBytes + 1)) { try QRCode.encoding(long) }
    }

    @Test func aMissingLibraryIsNil() {
        #expect(QREncoder(names: ["libqrencode-not-here.so.9"]) == nil)
    }
}
