#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The controlling terminal in full-screen mode: raw keys, the alternate screen, no cursor.
///
/// ``enter()`` switches it on and installs signal handlers so that SIGINT, SIGTERM and SIGHUP from
/// outside still put the terminal back before the process ends; ``restore()`` switches it off.
/// A window resize (SIGWINCH) wakes ``waitForInput(timeout:)`` up.
final class Terminal {
    /// What ended a wait for input.
    enum Input: Equatable {
        /// Bytes typed.
        case bytes([UInt8])
        /// The window changed size.
        case resized
        /// Nothing happened before the timeout.
        case timeout
        /// The terminal is gone (end of input or a read error).
        case closed
    }

    /// Whether both standard input and standard output are terminals.
    static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Whether colour is wanted: not when NO_COLOR is set to anything non-empty, nor on a dumb terminal.
    static var wantsColour: Bool {
        if let noColour = getenv("NO_COLOR"), noColour.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }

    private var isActive = false

    /// The window's size, from TIOCGWINSZ; 80×24 when the terminal does not say.
    var size: TerminalSize {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return TableScreen.minimumSize
        }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Switches to raw mode and the alternate screen, hides the cursor and installs the signal handlers.
    func enter() throws(TerminalError) {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw .noTerminal }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .noTerminal }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        terminalWakeRead = fds[0]
        terminalWakeWrite = fds[1]
        terminalSavedModes = original
        terminalModesSaved = true
        prepareRestoreBytes()

        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        // Without ISIG, Ctrl-C arrives as byte 3 and the game decides what it means.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { throw .noTerminal }

        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            installHandler(signal, terminalEndingSignalHandler)
        }
        installHandler(SIGWINCH, terminalResizeSignalHandler)
        isActive = true
        // Alternate screen, hidden cursor, cleared.
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[0m\u{1B}[2J\u{1B}[H")
    }

    /// Puts the terminal back as it was: normal screen, cursor, cooked mode, default signal handling.
    func restore() {
        guard isActive else { return }
        isActive = false
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH] {
            installHandler(signal, nil)
        }
        restoreTerminalNow()
        terminalModesSaved = false
        close(terminalWakeRead)
        close(terminalWakeWrite)
        terminalWakeRead = -1
        terminalWakeWrite = -1
    }

    deinit { restore() }

    /// Writes text to the terminal in one go, retrying short writes.
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        terminalWriteAll(&bytes)
    }

    /// Draws a whole frame: cursor home, each line followed by clear-to-end-of-line, in a single write so
    /// that nothing flickers. `clearFirst` wipes the screen before (after a resize).
    func draw(_ lines: [String], width: Int, clearFirst: Bool = false) {
        var frame = clearFirst ? "\u{1B}[0m\u{1B}[2J\u{1B}[H" : "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            frame += line
            // A full-width line leaves the cursor on its last cell: clearing then would erase that cell.
            if line.terminalWidthIgnoringEscapes < width { frame += "\u{1B}[K" }
            if index < lines.count - 1 { frame += "\r\n" }
        }
        write(frame)
    }

    /// Waits until a key is typed, the window is resized or `timeout` passes.
    func waitForInput(timeout: Duration) -> Input {
        let milliseconds = max(0, Int32(clamping: Int64((timeout / .milliseconds(1)).rounded(.up))))
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: terminalWakeRead, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        if ready < 0 {
            // A signal (SIGWINCH) interrupted the wait.
            return errno == EINTR ? (drainWakePipe() ? .resized : .timeout) : .closed
        }
        if fds[1].revents != 0, drainWakePipe() { return .resized }
        if fds[0].revents & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count > 0 { return .bytes(Array(buffer[..<count])) }
            if count < 0, errno == EINTR || errno == EAGAIN { return .timeout }
            return .closed
        }
        if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .closed }
        return .timeout
    }

    private func drainWakePipe() -> Bool {
        var byte: UInt8 = 0
        var any = false
        while read(terminalWakeRead, &byte, 1) == 1 { any = true }
        return any
    }

    private func installHandler(_ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler ?? SIG_DFL
        #else
        action.__sigaction_u.__sa_handler = handler ?? SIG_DFL
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }
}

// MARK: - State the signal handlers need

// Signal handlers cannot capture context, so what they need lives in globals, set up before any handler
// is installed and only read by the handlers.
nonisolated(unsafe) private var terminalSavedModes = termios()
nonisolated(unsafe) private var terminalModesSaved = false
nonisolated(unsafe) private var terminalWakeRead: Int32 = -1
nonisolated(unsafe) private var terminalWakeWrite: Int32 = -1
nonisolated(unsafe) private var terminalRestoreBytes: UnsafeMutableBufferPointer<UInt8>?

/// Reset attributes, show the cursor, leave the alternate screen.
private let terminalRestoreSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

private func prepareRestoreBytes() {
    guard terminalRestoreBytes == nil else { return }
    let bytes = Array(terminalRestoreSequence.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    terminalRestoreBytes = buffer
}

/// Restores the screen and the saved modes using only async-signal-safe calls.
private func restoreTerminalNow() {
    if let bytes = terminalRestoreBytes, let base = bytes.baseAddress {
        var offset = 0
        while offset < bytes.count {
            let written = write(STDOUT_FILENO, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
    }
    if terminalModesSaved {
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &terminalSavedModes)
    }
}

// A signal that ends the game may arrive on any thread, while the loop's thread is writing a frame: the handler
// waits for that write to end before it leaves the alternate screen, and nothing is written once it has begun, or
// the frame could land on the normal screen after the restore (seen under load: the table left on the shell's
// screen after SIGTERM).
private let terminalEnding = Atomic<Bool>(false)
private let terminalWriting = Atomic<Bool>(false)
nonisolated(unsafe) private var terminalWritingThread = pthread_self()

private func terminalWriteAll(_ bytes: inout [UInt8]) {
    terminalWritingThread = pthread_self()
    terminalWriting.store(true, ordering: .sequentiallyConsistent)
    defer { terminalWriting.store(false, ordering: .sequentiallyConsistent) }
    guard !terminalEnding.load(ordering: .sequentiallyConsistent) else { return }
    bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = write(STDOUT_FILENO, base + offset, buffer.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return
            }
        }
    }
}

private func terminalEndingSignalHandler(_ signal: Int32) {
    terminalEnding.store(true, ordering: .sequentiallyConsistent)
    // On the writing thread itself the write is interrupted, and cannot go on while this handler runs.
    if pthread_equal(pthread_self(), terminalWritingThread) == 0 {
        while terminalWriting.load(ordering: .sequentiallyConsistent) { sched_yield() }
    }
    restoreTerminalNow()
    _exit(128 + signal)
}

private func terminalResizeSignalHandler(_ signal: Int32) {
    var byte: UInt8 = 1
    _ = write(terminalWakeWrite, &byte, 1)
}
