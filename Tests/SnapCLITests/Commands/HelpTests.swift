import SnapProtocol
import SnapTestSupport
import Testing

/// `snap --help` as a newcomer reads it.
@Suite struct HelpTests {
    @Test func plainSnapHelpSaysItServesAndTakesTheServeOptions() async throws {
        let help = try await SnapBinary.run(["--help"])
        #expect(help.status == 0)
        // Lines wrap where the help text is too wide; read it as one line.
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Plain snap starts a server, as snap serve does, and takes the same options"), "\(text)")
        #expect(text.contains("snap <subcommand>"), "\(text)")
        let serveHelp = try await SnapBinary.run(["serve", "--help"]).stdout
        let serveOptions = Set(serveHelp.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
        #expect(serveOptions.contains("--port"), "\(serveHelp)")
        for option in serveOptions.subtracting(["--help", "--version"]) {
            // An option with its value ("[--port <port>]"), or a flag ("[--no-qr]").
            #expect(
                text.contains("USAGE: snap [") && (text.contains("[\(option) ") || text.contains("[\(option)]")),
                "snap --help's usage lacks \(option)")
        }
    }

    @Test func plainSnapTakesTheServeOptions() async throws {
        let result = try await SnapBinary.run(["--port", "70000"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--port must be between 0 and 65535"), "\(result.stderr)")
    }

    @Test func versionSaysTheReleaseAndItsProtocol() async throws {
        let result = try await SnapBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "snap \(SnapRelease.version) (protocol \(Wire.version))\n", "\(result.stdout)")
    }
}
