import Foundation
import SnapTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `snap` executable, which SwiftPM puts beside the test bundle, and `snap-bench` beside it.
enum SnapBinary {
    /// The package root: this file is <root>/Tests/SnapCLITests/Support/SnapBinary.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `snap` binary of this build: next to the test bundle first, then the usual build folders.
    static let built: URL? = {
        var candidates = [URL]()
        let testBinary = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
        ).resolvingSymlinksInPath()
        for directory in [testBinary.deletingLastPathComponent(), Bundle.main.bundleURL] {
            candidates.append(directory.appendingPathComponent("snap"))
            // The test executable may sit inside <products>/snapPackageTests.xctest/.
            candidates.append(directory.deletingLastPathComponent().appendingPathComponent("snap"))
        }
        let build = packageRoot.appendingPathComponent(".build")
        candidates.append(build.appendingPathComponent("debug/snap"))
        let triples = (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []
        for triple in triples.sorted() where triple.contains("-") {
            candidates.append(build.appendingPathComponent("\(triple)/debug/snap"))
        }
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: url.path)
        }
    }()

    /// Where the `snap` executable is (or would be).
    static var url: URL {
        built ?? packageRoot.appendingPathComponent(".build/debug/snap")
    }

    /// Where the `snap-bench` executable is (or would be): beside `snap`, as SwiftPM builds every product into one
    /// folder.
    static var benchURL: URL {
        url.deletingLastPathComponent().appendingPathComponent("snap-bench")
    }

    /// What every `snap` a test starts gets added to its environment: a data folder of this test run's own, so
    /// that a server's default store (`$XDG_DATA_HOME/snap/snap.sqlite`) never writes to the user's history.
    static let testEnvironment: [String: String] = {
        try? FileManager.default.createDirectory(at: testDataFolder, withIntermediateDirectories: true)
        // Gone when the test run ends, as the rest of what the tests write.
        atexit { try? FileManager.default.removeItem(at: SnapBinary.testDataFolder) }
        return ["XDG_DATA_HOME": testDataFolder.path]
    }()

    /// The data folder of this test run's own.
    private static var testDataFolder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("snap-test-data-\(getpid())")
    }

    /// The environment a `snap` started by a test runs with: this process's, the test data folder, then `extra`.
    static func environment(adding extra: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(testEnvironment) { $1 }.merging(extra) { $1 }
    }

    /// What a run printed and how it ended.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        /// The first line of standard error: a refusal's one clear line.
        var firstErrorLine: String? { stderr.split(separator: "\n").first.map(String.init) }

        /// Standard output read as one JSON object (a `--json` report); a failure says what was printed.
        func jsonObject() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            return try #require(object as? [String: Any], "\(stdout)")
        }
    }

    /// Runs `snap-bench` with `arguments` as ``run(_:environment:executable:)`` runs `snap`.
    static func bench(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        try await run(arguments, environment: environment, executable: benchURL)
    }

    /// How many programs ``run(_:environment:executable:)`` runs at once for tests that are not `.startsPrograms`: it
    /// is this that keeps dozens of programs from starting together on a machine of two cores, beside the few tests
    /// that drive programs (which hold a turn of their own already, and do not wait for one of these).
    private static let turns = TestTurns(width: 2)

    /// Runs `snap` (or `executable`) with `arguments`, with standard input from /dev/null, and awaits its end without
    /// holding a thread: its output goes to files, read once it has ended.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], executable: URL? = nil
    ) async throws -> Result {
        if ProgramTurnsTrait.holdsTurn { return try await runNow(arguments, environment: environment, executable: executable) }
        await turns.take()
        do {
            let result = try await runNow(arguments, environment: environment, executable: executable)
            await turns.give()
            return result
        } catch {
            await turns.give()
            throw error
        }
    }

    private static func runNow(_ arguments: [String], environment: [String: String], executable: URL?) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snap-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outFile, errFile) = (folder.appendingPathComponent("stdout"), folder.appendingPathComponent("stderr"))
        _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let out = try FileHandle(forWritingTo: outFile)
        let err = try FileHandle(forWritingTo: errFile)
        defer {
            try? out.close()
            try? err.close()
        }
        let process = Process()
        process.executableURL = executable ?? url
        process.arguments = arguments
        process.environment = Self.environment(adding: environment)
        process.currentDirectoryURL = packageRoot
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let end = ProcessEnd(of: process)
        try process.run()
        // A program expected to end that does not (a server that should have refused to start, say) fails its test
        // rather than hang the whole run.
        let watchdog = Task { () -> Bool in
            do { try await Task.sleep(for: runLimit) } catch { return false }
            process.terminate()
            return true
        }
        _ = await end.status
        watchdog.cancel()
        if await watchdog.value { throw DidNotEnd(arguments: arguments, limit: runLimit) }
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outFile), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errFile), as: UTF8.self))
    }

    /// The longest a program run to its end may take: far beyond any command's, however busy the machine.
    static let runLimit: Duration = .seconds(300)

    /// A program run to its end was still running after ``runLimit``, and was stopped.
    struct DidNotEnd: Error, CustomStringConvertible {
        var arguments: [String]
        var limit: Duration
        var description: String { "snap \(arguments.joined(separator: " ")) was still running after \(limit): stopped" }
    }

    /// A `snap serve` started in the background.
    struct Server: Sendable {
        var process: Process
        var port: Int
        var output: Pipe
        /// What it printed on starting.
        var banner: String
        /// What its standard error went to, when kept: a file read back through this handle (its name is gone at
        /// once, so that nothing is left behind).
        var errors: FileHandle?
        /// Its end, once it comes.
        var end: ProcessEnd

        /// Asks it to stop (SIGTERM) and returns at once: for a test's `defer`, which cannot await.
        func stop() {
            if !end.hasEnded { process.terminate() }
        }

        /// Asks it to stop (SIGTERM) and awaits its end: its exit status.
        @discardableResult
        func stopped() async -> Int32 {
            stop()
            return await end.status
        }

        /// What it wrote to standard error so far, when kept.
        func errorText() -> String {
            guard let errors, (try? errors.seek(toOffset: 0)) != nil, let data = try? errors.readToEnd() else { return "" }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Starts `snap serve` on a free loopback port with `arguments` added, and waits for its banner.
    static func startServer(_ arguments: [String] = []) async throws -> Server {
        let port = try TmuxNetworkTests.freePort()
        return try await startBackground(["serve", "--host", "127.0.0.1", "--port", "\(port)"] + arguments, until: "Ctrl-C")
    }

    /// Starts `snap` with `arguments` in the background, from the package's folder, and waits until it prints
    /// `marker`; the port is the first `127.0.0.1:PORT` it printed. `executable` replaces the built binary (a link
    /// to it, say); `keepErrors` keeps standard error in a file for ``Server/errorText()``.
    static func startBackground(
        _ arguments: [String],
        until marker: String = "127.0.0.1:",
        executable: URL? = nil,
        environment: [String: String] = [:],
        keepErrors: Bool = false
    ) async throws -> Server {
        let process = Process()
        process.executableURL = executable ?? url
        process.arguments = arguments
        process.environment = Self.environment(adding: environment)
        process.currentDirectoryURL = packageRoot
        let output = Pipe()
        process.standardOutput = output
        var errors: FileHandle?
        if keepErrors {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("snap-stderr-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: file)
            errors = try FileHandle(forReadingFrom: file)
            unlink(file.path)
        } else {
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        }
        let end = ProcessEnd(of: process)
        try process.run()
        let text = try await offThePool { readBanner(from: output.fileHandleForReading, until: marker) }
        let port = text.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression)
            .flatMap { Int(text[$0].split(separator: ":").last ?? "") } ?? 0
        return Server(process: process, port: port, output: output, banner: text, errors: errors, end: end)
    }

    /// What a program printed until `marker`, its end, or 20 seconds: it blocks its thread.
    private static func readBanner(from reading: FileHandle, until marker: String) -> String {
        var banner = Data()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !String(decoding: banner, as: UTF8.self).contains(marker) {
            // Read only what has arrived: a server that never prints the marker (no avahi-daemon to announce it,
            // say) must fail the test at the deadline, not block it for good.
            var ready = pollfd(fd: reading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let waitMilliseconds = Int32(max(1, min(1_000, deadline.timeIntervalSinceNow * 1_000)))
            guard poll(&ready, 1, waitMilliseconds) > 0 else { continue }
            let chunk = reading.availableData
            if chunk.isEmpty { break }  // The process closed its output: it has ended.
            banner += chunk
        }
        return String(decoding: banner, as: UTF8.self)
    }
}
