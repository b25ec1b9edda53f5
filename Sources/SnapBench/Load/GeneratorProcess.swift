import Foundation
import Synchronization

/// One `snap-bench load-worker` child: a generator process with its share of a run's tables.
///
/// The child opens its tables over the ramp and prints `ready`; it starts measuring when sent `start` on its
/// standard input, and on `stop` prints its ``GeneratorFigures`` as one JSON line, closes its connections and
/// exits. So every generator measures the same seconds as the run that reads the server's CPU and memory.
final class GeneratorProcess: Sendable {
    /// Why a generator process failed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let process: Process
    private let input: FileHandle
    private let output = CollectedText()
    private let errors = CollectedText()
    private let name: String

    /// Starts generator `share` of `shares` for `settings` against the server at `url`.
    init(
        executable: String, settings: LoadSettings, url: String, share: Int, of shares: Int
    ) throws {
        name = "generator \(share + 1) of \(shares)"
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "load-worker", "--url", url,
            "--tables", "\(settings.tables)", "--players", "\(settings.players)", "--speed", "\(settings.speed)",
            "--ramp", "\(settings.ramp.inSeconds)", "--seed", "\(settings.seed)",
            "--mirror-every", "\(settings.mirrorEvery)",
            "--share", "\(share)", "--of", "\(shares)",
        ]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        input = stdin.fileHandleForWriting
        output.keepReading(stdout.fileHandleForReading, on: "\(name) output")
        errors.keepReading(stderr.fileHandleForReading, on: "\(name) errors")
        // A child that died must not take this process with it when it is written to.
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            throw Failure(description: "The \(name) could not start: \(error)")
        }
    }

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// Whether the child has opened its tables.
    var isReady: Bool { output.text.contains("ready\n") }

    /// Waits until the child has opened its tables, for at most `limit`.
    func waitUntilReady(within limit: Duration) async throws {
        let deadline = ContinuousClock.now + limit
        while true {
            // Whether it has exited is asked first: what it said before exiting is then all in.
            let exited = await hasEndedAndSaidAll()
            if isReady { return }
            guard !exited else { throw ended() }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "The \(name) did not open its tables in time. \(said)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Tells the child to start measuring.
    func start() { send("start") }

    /// Tells the child to stop measuring and report.
    func stop() { send("stop") }

    /// The child's figures, once it has printed them after ``stop()``.
    func figures() async throws -> GeneratorFigures {
        let deadline = ContinuousClock.now + .seconds(120)
        while true {
            let exited = await hasEndedAndSaidAll()
            // Whole lines only: a long line can arrive in pieces, and its first piece is not JSON yet.
            let text = output.text
            let whole = text.lastIndex(of: "\n").map { text[..<$0] } ?? ""
            if let line = whole.split(separator: "\n").first(where: { $0.hasPrefix("{") }) {
                do {
                    return try JSONDecoder().decode(GeneratorFigures.self, from: Data(line.utf8))
                } catch {
                    throw Failure(description: "The \(name) printed figures that could not be read: \(error)")
                }
            }
            guard !exited else { throw ended() }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "The \(name) never reported. \(said)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Stops the child if it still runs (after a failure elsewhere), and waits for it.
    func end() async {
        try? input.close()
        for _ in 0..<100 {
            guard process.isRunning else { return }
            try? await Task.sleep(for: .milliseconds(100))
        }
        process.terminate()
    }

    private func send(_ line: String) {
        try? input.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Whether the child has exited and what it wrote has all been read. Its last words can reach this process
    /// after its exit does (they are read on other threads, which a busy machine may hold up), so an exit is given
    /// up to ten seconds for them: its pipes' ends close with it, so they come as soon as those threads run.
    private func hasEndedAndSaidAll() async -> Bool {
        guard !process.isRunning else { return false }
        let deadline = ContinuousClock.now + .seconds(10)
        while !(output.isAtEnd && errors.isAtEnd), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    private func ended() -> Failure {
        let status = process.isRunning ? 0 : process.terminationStatus
        return Failure(description: "The \(name) stopped (exit status \(status)). \(said)")
    }

    private var said: String {
        let text = errors.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "It said nothing." : "It said: \(text)"
    }
}

/// What a child printed so far.
private final class CollectedText: Sendable {
    private let collected = Mutex("")
    private let atEnd = Atomic(false)

    /// Reads `handle` to its end on a thread of its own (named `name`): not on a dispatch queue, which a busy
    /// machine once held up past the child's exit (its figures were then missed: "It said nothing.").
    func keepReading(_ handle: FileHandle, on name: String) {
        let thread = Thread { [self] in
            var data = handle.availableData
            while !data.isEmpty {
                collected.withLock { [data] in $0 += String(decoding: data, as: UTF8.self) }
                data = handle.availableData
            }
            atEnd.store(true, ordering: .releasing)
        }
        thread.name = name
        thread.start()
    }

    var text: String { collected.withLock { $0 } }

    /// Whether everything the child wrote has been read (its end of the pipe is closed).
    var isAtEnd: Bool { atEnd.load(ordering: .acquiring) }
}
