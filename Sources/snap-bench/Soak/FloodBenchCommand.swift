import ArgumentParser
import Foundation
import SnapBench

/// `snap-bench flood`: one connection that never signs in, asks for the table list as fast as it can and never
/// reads — what does the server's memory do, and how does the server end it?
struct FloodBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flood",
        abstract: "Flood a server with requests from one client that never reads, and watch the server's memory.",
        discussion: """
            Starts `snap serve` on a free loopback port in its own process, opens one WebSocket that never signs in, \
            and sends ListTables as fast as it can for --seconds, never reading its socket. Samples the server's \
            resident memory every second, through the flood and for --settle seconds after the client has gone, and says how \
            and when the server closed the connection: a close frame (its code and reason), a reset, or not at all.
            """
    )

    @Option(help: "Seconds to flood for.")
    var seconds = 40.0

    @Option(help: "Seconds to keep watching the server's memory after the client has gone.")
    var settle = 10.0

    @Option(
        help:
            "Requests handed to the kernel in one write: many is the fastest a client can ask; 1 is one write per request."
    )
    var framesPerWrite = 256

    @Flag(help: "Print one JSON object on stdout instead of a table.")
    var json = false

    func validate() throws {
        guard seconds.isFinite, seconds >= 1, seconds <= 3_600 else {
            throw ValidationError("--seconds must be between 1 and 3600; got \(seconds).")
        }
        guard settle.isFinite, settle >= 0, settle <= 3_600 else {
            throw ValidationError("--settle must be between 0 and 3600; got \(settle).")
        }
        guard (1...4_096).contains(framesPerWrite) else {
            throw ValidationError("--frames-per-write must be between 1 and 4096; got \(framesPerWrite).")
        }
    }

    func run() async throws {
        let report = try await FloodRun(
            flood: .milliseconds(Int64(seconds * 1_000)), settle: .milliseconds(Int64(settle * 1_000)),
            framesPerWrite: framesPerWrite, executable: try BenchExecutables.current.snap(), progress: ProgressLine.show
        ).run()
        ProgressLine.end()
        print(json ? try reportJSON(report) : FloodReportTable.render(report))
    }
}
