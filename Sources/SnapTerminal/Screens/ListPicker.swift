import Foundation

/// Asks the person at the terminal to choose one of a few entries, full screen, with the arrow keys and Enter.
/// Used by `snap join` to choose among the servers found on the network.
public struct ListPicker: Sendable {
    /// The heading over the list.
    public let title: String
    /// The entries, one line each.
    public let entries: [String]
    /// The words, in the person's language.
    public let texts: TerminalTexts

    /// What came of asking.
    public enum Outcome: Equatable, Sendable {
        /// The entry at this index was chosen.
        case chosen(Int)
        /// The person gave up (q, Escape, or the end of input); the exit status to end with.
        case gaveUp(Int32)
        /// There is no interactive terminal.
        case noTerminal
    }

    /// Describes a choice.
    public init(title: String, entries: [String], texts: TerminalTexts = .english) {
        self.texts = texts
        self.title = title
        self.entries = entries
    }

    /// Shows the list until the person chooses or gives up.
    public func run() async -> Outcome {
        await withCheckedContinuation { done in
            // The terminal loop blocks in poll(), so it gets a thread of its own.
            Thread { done.resume(returning: loop()) }.start()
        }
    }

    private func loop() -> Outcome {
        let terminal = Terminal()
        guard Terminal.isInteractive, (try? terminal.enter()) != nil else { return .noTerminal }
        var session = ListPickerSession(title: title, entries: entries, texts: texts)
        let status = ScreenLoop.run(&session, on: terminal, colour: Terminal.wantsColour)
        terminal.restore()
        return session.chosen.map(Outcome.chosen) ?? .gaveUp(status)
    }
}
