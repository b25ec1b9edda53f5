import Foundation

/// What a key asks of a full-screen game.
enum KeyOutcome: Equatable {
    /// Go on playing.
    case play
    /// Clear the screen and draw everything again.
    case redraw
    /// Stop, with this exit status.
    case quit(Int32)
}

/// A full-screen game's state between frames: no I/O and no clock, the caller says what time it is.
protocol ScreenSession {
    /// Moves the game on to `time`.
    mutating func advance(to time: Duration)
    /// The lines to draw at `time`.
    func lines(size: TerminalSize, colour: Bool, at time: Duration) -> [String]
    /// How long to wait for a key before the next frame is due.
    func wait(at time: Duration) -> Duration
    /// Handles a key pressed at `time`.
    mutating func handle(_ key: Key, at time: Duration) -> KeyOutcome
}

/// The frame loop every full-screen game shares: advance, draw what changed, wait for a key or the next
/// frame, hand keys to the session, until a key asks to quit.
enum ScreenLoop {
    /// Takes over the terminal (raw mode, alternate screen), or prints `problem` to standard error, as the
    /// commands print their errors, and returns nil when there is no interactive terminal.
    static func enterTerminal(orExplain problem: NoTerminal) -> Terminal? {
        let terminal = Terminal()
        guard Terminal.isInteractive, (try? terminal.enter()) != nil else {
            FileHandle.standardError.write(Data("Error: \(problem)\n".utf8))
            return nil
        }
        return terminal
    }

    /// Runs `session` on `terminal` (already entered); returns the exit status (1 when input closed).
    static func run(_ session: inout some ScreenSession, on terminal: Terminal, colour: Bool) -> Int32 {
        let clock = ContinuousClock()
        let start = clock.now
        var drawn: [String] = []
        var clearFirst = true
        while true {
            let now = clock.now - start
            session.advance(to: now)
            let size = terminal.size
            let lines = session.lines(size: size, colour: colour, at: now)
            if lines != drawn || clearFirst {
                terminal.draw(lines, width: size.columns, clearFirst: clearFirst)
                drawn = lines
                clearFirst = false
            }
            switch terminal.waitForInput(timeout: session.wait(at: now)) {
            case .timeout:
                continue
            case .resized:
                clearFirst = true
            case .closed:
                return 1
            case .bytes(let bytes):
                for key in Key.parse(bytes) {
                    switch session.handle(key, at: clock.now - start) {
                    case .play: break
                    case .redraw: clearFirst = true
                    case .quit(let code): return code
                    }
                }
            }
        }
    }
}
