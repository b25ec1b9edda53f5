import Foundation

/// A process's resident memory and CPU time, read from Linux's `/proc`.
public struct ProcessStats: Sendable, Equatable {
    /// Resident set size in bytes.
    public var residentBytes: Int
    /// User plus system CPU time so far, in seconds.
    public var cpuSeconds: Double

    /// The figures for process `pid` now, or nil when `/proc` has no such process (or no `/proc` at all).
    public static func read(pid: Int32) -> ProcessStats? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        else { return nil }
        return parse(status: status, stat: stat, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The figures for this process.
    public static func current() -> ProcessStats? { read(pid: getpid()) }

    /// Parses `/proc/PID/status` (for `VmRSS`) and `/proc/PID/stat` (for `utime` and `stime`).
    static func parse(status: String, stat: String, ticksPerSecond: Double) -> ProcessStats? {
        guard
            let rssLine = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = rssLine.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        // The command name in field 2 may hold spaces and parentheses: count fields after its closing ')'.
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After ')' come state (field 3) …; utime and stime are fields 14 and 15, so indexes 11 and 12 here.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]), ticksPerSecond > 0 else {
            return nil
        }
        return ProcessStats(residentBytes: kilobytes * 1_024, cpuSeconds: (user + system) / ticksPerSecond)
    }
}
