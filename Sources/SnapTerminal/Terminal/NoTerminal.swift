/// Why a game that draws full screen did not start: standard input or output is not a terminal.
///
/// `snap solo`, `snap host` and `snap join` all say it the same way and end with the same status.
public struct NoTerminal: Error, CustomStringConvertible, Sendable {
    /// The command as a person types it, such as `snap solo`.
    public let command: String

    /// The exit status of every command stopped for want of a terminal.
    public static let exitStatus: Int32 = 2

    /// Whether this process lacks a terminal to play in: input or output redirected.
    public static var isMissing: Bool { !Terminal.isInteractive }

    /// Describes the problem for `command`.
    public init(command: String) {
        self.command = command
    }

    public var description: String {
        "\(command) needs an interactive terminal: run it in a terminal window, with neither input nor output redirected."
    }
}
