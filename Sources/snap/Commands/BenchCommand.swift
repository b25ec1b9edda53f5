import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `snap bench …`: runs `snap-bench …`, the benchmarks' own program beside this one, with the same arguments, so
/// that the benchmarks stay out of the snap every player builds.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Snap! on this machine: runs snap-bench (swift build --product snap-bench) with these arguments.",
        // --help goes to snap-bench, which knows its subcommands' options.
        helpNames: []
    )

    @Argument(parsing: .captureForPassthrough, help: "What snap-bench is to run, such as soak --duration 20.")
    var arguments: [String] = []

    func run() throws {
        let snap = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
        ).resolvingSymlinksInPath()
        let bench = snap.deletingLastPathComponent().appendingPathComponent("snap-bench")
        guard FileManager.default.isExecutableFile(atPath: bench.path) else {
            let release = snap.deletingLastPathComponent().lastPathComponent == "release"
            throw BenchMissing(path: bench.path, build: "swift build\(release ? " -c release" : "") --product snap-bench")
        }
        let words = ([bench.path] + arguments).map { strdup($0) } + [nil]
        execv(bench.path, words)
        // execv returns only when it failed.
        throw BenchMissing(path: bench.path, build: "swift build --product snap-bench", reason: String(cString: strerror(errno)))
    }
}

/// `snap-bench` is not beside `snap`, or would not start.
struct BenchMissing: Error, CustomStringConvertible {
    /// Where it should be.
    var path: String
    /// The command that builds it.
    var build: String
    /// Why it would not start, when it is there.
    var reason: String?

    var description: String {
        let problem = reason.map { "\(path) would not start (\($0))" } ?? "there is no \(path)"
        return "The benchmarks are a program of their own, snap-bench, and \(problem). Build it with `\(build)`, "
            + "then run this again."
    }
}
