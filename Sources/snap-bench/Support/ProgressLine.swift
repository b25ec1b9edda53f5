import Foundation

/// A live status line on standard error, rewritten in place — only when standard error is a terminal, so that
/// logs and pipes get the report alone.
enum ProgressLine {
    /// Whether standard error is a terminal.
    static var isLive: Bool { isatty(STDERR_FILENO) == 1 }

    /// Replaces the line with `line`.
    static let show: @Sendable (String) -> Void = { line in
        if isLive { FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8)) }
    }

    /// Clears the line.
    static func end() {
        if isLive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
