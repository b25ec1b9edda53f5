import Foundation

/// The two programs a bench starts children from: `snap` for a game server (`snap serve`), and the bench's own
/// binary, `snap-bench`, for its floor server and load workers. SwiftPM puts both in the same folder.
public struct BenchExecutables: Sendable, Equatable {
    /// Why a bench cannot start the server it needs.
    public struct Missing: Error, CustomStringConvertible {
        /// Where the program was looked for.
        public var path: String

        public var description: String {
            "snap-bench starts its game servers from the snap executable beside it, and there is none at \(path). "
                + "Build it with `swift build --product snap` (with the same -c as snap-bench), or run a plain "
                + "`swift build`, which builds both."
        }
    }

    /// The `snap` executable, whether or not it exists.
    public var snapPath: String
    /// The bench's own executable.
    public var bench: String

    /// The programs `snap` at `snapPath` and the bench at `bench`.
    public init(snap snapPath: String, bench: String) {
        self.snapPath = snapPath
        self.bench = bench
    }

    /// This process's own binary and the `snap` beside it.
    public static var current: BenchExecutables {
        let bench = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
        ).resolvingSymlinksInPath()
        return BenchExecutables(snap: bench.deletingLastPathComponent().appendingPathComponent("snap").path, bench: bench.path)
    }

    /// The `snap` executable.
    ///
    /// - Throws: ``Missing`` when there is no executable at ``snapPath``, saying how to build it.
    public func snap() throws(Missing) -> String {
        guard FileManager.default.isExecutableFile(atPath: snapPath) else { throw Missing(path: snapPath) }
        return snapPath
    }
}
