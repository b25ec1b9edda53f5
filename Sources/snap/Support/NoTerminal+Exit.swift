import ArgumentParser
import Foundation
import SnapTerminal

extension NoTerminal {
    /// Ends the command, as every full-screen command ends without a terminal, unless standard input and output
    /// are both one: prints `Error: …` in one line and exits with ``NoTerminal/exitStatus``.
    static func requireTerminal(for command: String) throws {
        guard isMissing else { return }
        // Printed here rather than thrown as a ValidationError: that would add a usage line, and the flags
        // were right.
        FileHandle.standardError.write(Data("Error: \(NoTerminal(command: command))\n".utf8))
        throw ExitCode(exitStatus)
    }
}
