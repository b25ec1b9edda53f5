/// Why the terminal could not be set up.
enum TerminalError: Error, CustomStringConvertible {
    /// Standard input is not a terminal whose modes can be changed.
    case noTerminal

    var description: String { "this needs an interactive terminal" }
}
