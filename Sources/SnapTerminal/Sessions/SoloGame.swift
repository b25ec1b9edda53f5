import SnapCore

/// Single-player Snap! in the terminal: one person against Ray, Lucy and Steve.
///
/// Full screen: the table is drawn on the alternate screen with the terminal in raw mode, and the
/// terminal is put back on quitting, on Ctrl-C and on SIGINT, SIGTERM or SIGHUP from outside.
public struct SoloGame: Sendable {
    /// The person's name.
    public let name: String
    /// The seed for shuffling and the computer players.
    public let seed: UInt64
    /// Speed factor for every delay.
    public let speed: Double
    /// How fast the computer players are.
    public let difficulty: Difficulty
    /// How rounds end and how long the person has to turn.
    public let settings: TableSettings
    /// The words, in the person's language.
    public let texts: TerminalTexts

    /// Describes a game.
    public init(
        name: String, seed: UInt64, speed: Double, difficulty: Difficulty, settings: TableSettings = .standard,
        texts: TerminalTexts = .english
    ) {
        self.texts = texts
        self.name = name
        self.seed = seed
        self.speed = speed
        self.difficulty = difficulty
        self.settings = settings
    }

    /// Plays until the person quits; returns the process exit status: 0 after quitting, 130 after Ctrl-C,
    /// ``NoTerminal/exitStatus`` without an interactive terminal.
    public func run() -> Int32 {
        guard let terminal = ScreenLoop.enterTerminal(orExplain: NoTerminal(command: "snap solo")) else {
            return NoTerminal.exitStatus
        }
        var session = SoloSession(name: name, seed: seed, speed: speed, difficulty: difficulty, settings: settings, texts: texts)
        session.start(at: .zero)
        let status = ScreenLoop.run(&session, on: terminal, colour: Terminal.wantsColour)
        terminal.restore()
        if status != 1 { print(session.summary) }
        return status
    }
}
