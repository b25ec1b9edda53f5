import SnapClient

/// A stored round played back full screen in the terminal (`snap replay`), drawn as the live game is, from no
/// seat: Space pauses and plays, ←/→ step, +/- change the speed, q quits.
public struct ReplayGame: Sendable {
    /// The round and its moments, as the server's history gave them.
    public let record: RoundReplayRecord
    /// The speed to start at: ½, 1, 2, 4 or 8.
    public let speed: Double
    /// The words, in the person's language.
    public let texts: TerminalTexts

    /// Describes a replay.
    public init(record: RoundReplayRecord, speed: Double = 1, texts: TerminalTexts = .english) {
        self.texts = texts
        self.record = record
        self.speed = speed
    }

    /// Plays until the person quits; returns the exit status: 0 after q, 130 after Ctrl-C,
    /// ``NoTerminal/exitStatus`` without an interactive terminal.
    public func run() -> Int32 {
        guard let terminal = ScreenLoop.enterTerminal(orExplain: NoTerminal(command: "snap replay")) else {
            return NoTerminal.exitStatus
        }
        var session = ReplaySession(record: record, texts: texts)
        let steps = (ReplaySession.speeds.firstIndex(of: speed) ?? 1) - 1
        session.changeSpeed(by: steps, at: .zero)
        session.play(at: .zero)
        let status = ScreenLoop.run(&session, on: terminal, colour: Terminal.wantsColour)
        terminal.restore()
        return status
    }
}
