import Foundation

/// Why allocations could not be counted.
public enum AllocationCountingError: Error, Equatable, CustomStringConvertible {
    /// The interposer library is not where it should be (its path).
    case libraryMissing(String)
    /// The counting child did not start, or ended badly (its exit status, or -1 when it did not start, and
    /// what it said).
    case childFailed(status: Int32, message: String)
    /// The counting child printed something else than its counts (what it printed).
    case unreadableOutput(String)
    /// The counting run played other rounds than the timed run (turns timed, turns counted).
    case differentRounds(timed: Int, counted: Int)

    /// What went wrong, and how to count allocations when that is possible.
    public var description: String {
        switch self {
        case .libraryMissing(let path):
            "\(path) is missing; build it with `swift build --product SnapAllocationCounting` (or a plain "
                + "`swift build`; add `-c release` for figures worth quoting) in the Snap! package, which puts it "
                + "beside the snap-bench executable"
        case .childFailed(let status, let message):
            "the counting run "
                + (status < 0 ? "did not start" : "failed with status \(status)")
                + (message.isEmpty ? "" : ": " + message.trimmingCharacters(in: .whitespacesAndNewlines))
        case .unreadableOutput(let text):
            "the counting run printed no counts (it printed \(text.isEmpty ? "nothing" : "\"\(text.prefix(200))\""))"
        case .differentRounds(let timed, let counted):
            "the counting run played other rounds than the timed run (\(counted) turns instead of \(timed))"
        }
    }
}
