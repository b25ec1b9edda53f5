import Foundation

/// Counts allocations in a child process: this executable run again with ordo-one's malloc interposer preloaded.
///
/// The interposer puts a header on every allocation for as long as it is loaded, so the process that times the
/// engine never loads it; the child plays the same seeded rounds and only counts.
public enum AllocationCountingChild {
    /// Set to 1 in the child's environment: "you are the counting run".
    public static let markerVariable = "SNAP_BENCH_COUNT_ALLOCATIONS"

    /// The interposer library, as `swift build` names it beside `snap`.
    public static let libraryName = "libMallocInterposerSwift.so"

    /// What the child prints on standard output, as one line of JSON.
    public struct Output: Codable, Sendable, Hashable {
        /// Cards turned in the counted rounds; the same seed must give the timed run's figure.
        public var turns: Int
        /// Rounds counted.
        public var rounds: Int
        /// What those rounds allocated.
        public var allocations: AllocationCount
        /// Of that, what their play allocated, from the end of each deal to the round's end.
        public var inPlay: AllocationCount

        /// An output from its parts.
        public init(turns: Int, rounds: Int, allocations: AllocationCount, inPlay: AllocationCount) {
            self.turns = turns
            self.rounds = rounds
            self.allocations = allocations
            self.inPlay = inPlay
        }

        /// The one line the child prints.
        public func line() throws -> String {
            String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
        }
    }

    /// Whether this process was started as the counting child.
    public static var isThisProcess: Bool {
        ProcessInfo.processInfo.environment[markerVariable] == "1"
    }

    /// The executable of this process.
    public static var currentExecutable: URL {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: path).resolvingSymlinksInPath()
    }

    /// Where the interposer library is expected: beside `executable`.
    public static func library(beside executable: URL) -> URL {
        executable.deletingLastPathComponent().appendingPathComponent(libraryName)
    }

    /// The child's environment: `parent`'s, with the marker set and `library` preloaded before anything the
    /// parent already preloads.
    public static func environment(inheriting parent: [String: String], preloading library: URL) -> [String: String] {
        var environment = parent
        environment[markerVariable] = "1"
        let existing = parent["LD_PRELOAD"].map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        environment["LD_PRELOAD"] = existing.isEmpty ? library.path : library.path + ":" + existing
        return environment
    }

    /// Reads the child's output: the last line of `stdout` that holds any text.
    public static func parse(stdout: String) throws(AllocationCountingError) -> Output {
        guard let line = stdout.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) }),
            let output = try? JSONDecoder().decode(Output.self, from: Data(line.utf8))
        else { throw .unreadableOutput(stdout) }
        return output
    }

    /// Runs `executable` with `arguments` as the counting child and returns what it counted.
    ///
    /// - Throws: ``AllocationCountingError`` when the library is not beside `executable`, or the child fails or
    ///   prints something else than its counts.
    public static func run(executable: URL, arguments: [String]) throws(AllocationCountingError) -> Output {
        let library = library(beside: executable)
        guard FileManager.default.isReadableFile(atPath: library.path) else { throw .libraryMissing(library.path) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(inheriting: ProcessInfo.processInfo.environment, preloading: library)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .childFailed(status: -1, message: "\(error)")
        }
        // The child prints one short line on standard output, so reading standard error to its end first
        // cannot leave it stuck on a full pipe, however much it has to say there.
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw .childFailed(status: process.terminationStatus, message: stderr)
        }
        return try parse(stdout: String(decoding: stdout, as: UTF8.self))
    }
}
