import SnapCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Describes a game.
    public init(name: String, seed: UInt64, speed: Double, difficulty: Difficulty) {
        self.name = name
        self.seed = seed
        self.speed = speed
        self.difficulty = difficulty
    }

    /// The message printed when standard input or output is not a terminal.
    public static let needsTerminalMessage = """
        snap solo needs an interactive terminal: run it in a terminal window, \
        with neither input nor output redirected.
        """

    /// Plays until the person quits; returns the process exit status: 0 after quitting, 130 after Ctrl-C,
    /// 2 without an interactive terminal.
    public func run() -> Int32 {
        guard Terminal.isInteractive else {
            printError(SoloGame.needsTerminalMessage)
            return 2
        }
        let terminal = Terminal()
        do {
            try terminal.enter()
        } catch {
            printError(SoloGame.needsTerminalMessage)
            return 2
        }
        let colour = Terminal.wantsColour
        let clock = ContinuousClock()
        let start = clock.now
        var session = SoloSession(name: name, seed: seed, speed: speed, difficulty: difficulty)
        session.start(at: .zero)

        var drawn: [String] = []
        var clearFirst = true
        var status: Int32 = 0
        play: while true {
            let now = clock.now - start
            session.advance(to: now)
            let size = terminal.size
            let lines = session.screen(size: size, colour: colour, at: now).render()
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
                status = 1
                break play
            case .bytes(let bytes):
                for key in Key.parse(bytes) {
                    switch session.handle(key, at: clock.now - start) {
                    case .play: break
                    case .redraw: clearFirst = true
                    case .quit(let code):
                        status = code
                        break play
                    }
                }
            }
        }
        terminal.restore()
        if status != 1 { print(session.summary) }
        return status
    }

    private func printError(_ message: String) {
        var bytes = Array((message + "\n").utf8)
        _ = bytes.withUnsafeMutableBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
