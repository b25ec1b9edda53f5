#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The process's limit on open files, read when asked for: it can be changed while the server runs
/// (`prlimit --pid`).
enum DescriptorLimit {
    /// The soft limit on open descriptors now.
    static var current: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        return Int(min(limit.rlim_cur, rlim_t(Int32.max)))
    }

    /// Descriptors open now (counted on Linux; a guess elsewhere).
    static var open: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 32
    }
}
