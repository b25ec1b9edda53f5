import Foundation

extension ProcessStats {
    /// How many files process `pid` has open (sockets included): the entries of `/proc/PID/fd`; nil without one.
    public static func openDescriptors(pid: Int32) -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
    }
}
