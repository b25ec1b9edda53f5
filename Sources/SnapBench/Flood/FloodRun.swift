import Foundation
import SnapCore
import SnapNetworkTools
import SnapProtocol
import Synchronization

/// `snap-bench flood`: a server in its own process, and one WebSocket that never signs in, sends ListTables as fast
/// as it can and never reads its socket — the abuse that once made the server grow without limit. Samples the
/// server's memory every second through the flood and for a while after the client has gone.
public struct FloodRun: Sendable {
    /// Why the flood could not run.
    public enum Failure: Error, CustomStringConvertible {
        case noConnection(String)
        case noServerFigures

        /// What went wrong, for people.
        public var description: String {
            switch self {
            case .noConnection(let why): "The flooding client could not connect: \(why)"
            case .noServerFigures: "The server's memory could not be read from /proc."
            }
        }
    }

    private let flood: Duration
    private let settle: Duration
    private let framesPerWrite: Int
    private let executable: String
    private let progress: @Sendable (String) -> Void

    /// A flood of `flood` against a server started from `executable`, watched for `settle` after the client has gone;
    /// the client hands the kernel `framesPerWrite` requests at a time.
    public init(
        flood: Duration, settle: Duration = .seconds(10), framesPerWrite: Int = 256, executable: String,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.flood = flood
        self.settle = settle
        self.framesPerWrite = max(1, framesPerWrite)
        self.executable = executable
        self.progress = progress
    }

    /// Runs the flood and returns its figures.
    public func run() async throws -> FloodReport {
        try await ServerProcess.with(
            executable: executable, arguments: ["serve", "--host", "127.0.0.1", "--port", "0", "--log-level", "error", "--db", "none"],
            measure)
    }

    private func measure(_ server: ServerProcess) async throws -> FloodReport {
        let (port, pid) = (server.port, server.pid)
        try await Task.sleep(for: .seconds(1))
        guard let before = ProcessStats.read(pid: pid)?.residentBytes else { throw Failure.noServerFigures }
        let packetsBefore = await OwnThread.run("flood metrics") { ServerGauges.read(port: port)?.packetsIn ?? 0 }
        let requests = RequestCount()
        let finished = StopFlag()
        let (flood, framesPerWrite) = (flood, framesPerWrite)
        let clock = ContinuousClock()
        let start = clock.now
        var samples = [FloodReport.Sample(seconds: 0, rssBytes: before, requestsSent: 0)]
        let flooding = Task {
            await OwnThread.run("flood") {
                Self.flood(
                    port: port, pid: pid, for: flood, framesPerWrite: framesPerWrite, requests: requests,
                    finished: finished)
            }
        }
        // Sample every second until the flooding client has gone.
        while !finished.isRaised {
            try? await clock.sleep(until: start + .seconds(samples.count))
            guard let rss = ProcessStats.read(pid: pid)?.residentBytes else { continue }
            let seconds = (clock.now - start).inSeconds
            samples.append(FloodReport.Sample(seconds: seconds, rssBytes: rss, requestsSent: requests.sent))
            progress(
                String(
                    format: "flood %.0f s  requests %d  server RSS %.1f MiB", seconds, requests.sent,
                    Double(rss) / 1_048_576))
        }
        let ending = await flooding.value
        guard case .success(let end) = ending else {
            if case .failure(let failure) = ending { throw Failure.noConnection(failure.why) }
            throw Failure.noServerFigures
        }
        let gone = clock.now
        while clock.now - gone < settle {
            try? await clock.sleep(until: min(gone + settle, clock.now + .seconds(1)))
            guard let rss = ProcessStats.read(pid: pid)?.residentBytes else { continue }
            samples.append(
                FloodReport.Sample(seconds: (clock.now - start).inSeconds, rssBytes: rss, requestsSent: end.requests))
            progress(
                String(
                    format: "client gone %.0f s  server RSS %.1f MiB", (clock.now - gone).inSeconds,
                    Double(rss) / 1_048_576))
        }
        let floodSeconds = end.floodSeconds
        let gauges = await OwnThread.run("flood metrics") { ServerGauges.read(port: port) }
        return FloodReport(
            floodSeconds: flood.inSeconds, settleSeconds: settle.inSeconds, requestsSent: end.requests,
            requestsPerSecond: floodSeconds > 0 ? Double(end.requests) / floodSeconds : 0,
            requestsReadByServer: end.packetsRead.map { max(0, $0 - packetsBefore) }, serverRssBytesBefore: before,
            serverRssBytesAfterFlood: end.rssAtEnd ?? samples.last?.rssBytes ?? before,
            serverRssBytesAfterClientGone: samples.last?.rssBytes ?? before,
            serverRssBytesPeak: max(samples.map(\.rssBytes).max() ?? before, end.rssAtEnd ?? 0),
            serverConnectionsAfterClientGone: gauges?.connections, framesPerWrite: framesPerWrite,
            ending: end.ending, closedAfterSeconds: end.closedAfterSeconds, closeCode: end.closeCode.map(Int.init),
            closeReason: end.closeReason, samples: samples)
    }

    /// What the flooding thread saw.
    private struct End: Sendable {
        var requests: Int
        var floodSeconds: Double
        var rssAtEnd: Int?
        var packetsRead: Int?
        var ending: FloodReport.Ending = .notClosed
        var closedAfterSeconds: Double?
        var closeCode: UInt16?
        var closeReason: String?
    }

    /// Floods until `duration` has passed or the server closes the connection; then, if the server closed it, reads
    /// what it sent to find how. Blocking: runs on a thread of its own.
    private static func flood(
        port: Int, pid: Int32, for duration: Duration, framesPerWrite: Int, requests: RequestCount, finished: StopFlag
    ) -> Result<End, FloodFailure> {
        defer { finished.raise() }
        let socket: RawWebSocket
        do {
            socket = try RawWebSocket(port: port)
        } catch {
            return .failure(FloodFailure("\(error)"))
        }
        let frame = WebSocketFrame(.binary, Frame(number: nil, packet: .listTables).encoded()).encoded()
        // Many frames per write is the fastest a client can ask: a kernel call per 4 KiB rather than per request.
        let batch = Array((0..<framesPerWrite).map { _ in frame }.joined())
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + duration
        var written = 0
        var closedByServer = false
        while clock.now < deadline {
            if socket.socket.peerHasClosed {
                closedByServer = true
                break
            }
            let (count, last) = socket.socket.writeAll(batch) { clock.now >= deadline }
            written += count
            requests.sent = written / frame.count
            if case .failed = last {
                closedByServer = true
                break
            }
        }
        var end = End(
            requests: written / frame.count, floodSeconds: (clock.now - start).inSeconds,
            rssAtEnd: ProcessStats.read(pid: pid)?.residentBytes, packetsRead: ServerGauges.read(port: port)?.packetsIn)
        guard closedByServer else {
            socket.close()
            return .success(end)
        }
        end.closedAfterSeconds = (clock.now - start).inSeconds
        // The never-reading client finally reads, to find the server's close frame behind whatever came before it.
        socket.socket.setTimeout(.seconds(1))
        end.ending = .closedWithoutCloseFrame
        let reading = clock.now + .seconds(10)
        reading: while clock.now < reading {
            switch socket.receive(timeout: .seconds(2)) {
            case .frame: continue
            case .closed(let code, let reason):
                (end.ending, end.closeCode, end.closeReason) = (.closeFrame, code, reason)
                break reading
            case .ended(let outcome):
                end.ending = outcome == .endOfStream ? .closedWithoutCloseFrame : .reset
                break reading
            case .nothing:
                break reading
            }
        }
        socket.close()
        return .success(end)
    }

    /// The requests sent so far, written by the flooding thread and read by the sampler.
    private final class RequestCount: Sendable {
        private let count = Atomic(0)
        var sent: Int {
            get { count.load(ordering: .relaxed) }
            set { count.store(newValue, ordering: .relaxed) }
        }
    }

    /// Why the flooding client could not start.
    private struct FloodFailure: Error {
        var why: String
        init(_ why: String) { self.why = why }
    }
}
