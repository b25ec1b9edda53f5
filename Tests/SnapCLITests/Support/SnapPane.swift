import Foundation
import SnapTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `snap` in an 80×24 pane of its own tmux server (its socket in a temporary folder), run by a shell that prints
/// before and after it. Every tmux command runs off Swift's shared threads (``offThePool(_:)``) and every wait is a
/// `Task.sleep`, so that a test driving a terminal never holds a thread that the servers in this process need.
struct SnapPane: Sendable {
    let tmux: String
    /// Holds the run script and the tmux server's socket; removed by ``close()``.
    let directory: URL

    /// The locale every pane's snap runs in unless a test passes its own: English, whatever the machine's.
    static let englishLocale = ["LANG": "C.UTF-8"]

    /// `snap ARGUMENTS` in a new 80×24 pane, with `environment` added to its own. LC_ALL and LC_MESSAGES are cleared
    /// and LANG is C.UTF-8 (so snap speaks English) unless `environment` sets them.
    init(arguments: String, environment: [String: String] = [:]) async throws {
        guard let tmux = TmuxSoloTests.tmuxPath else {
            throw PaneError("tmux is required (SNAP_REQUIRE_TMUX=1) but not installed")
        }
        guard let snap = TmuxSoloTests.snapBinary else {
            throw PaneError("the snap executable is not built; run swift build first")
        }
        self.tmux = tmux
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("snap-test-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let quoted = { (path: String) in "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        // snap.sh notes its process id, then becomes snap, so that a test can signal snap itself.
        let launcher = directory.appendingPathComponent("snap.sh")
        let exports = SnapBinary.testEnvironment.merging(Self.englishLocale) { $1 }.merging(environment) { $1 }.sorted { $0.key < $1.key }
            .map { "export \($0.key)=\(quoted($0.value))\n" }.joined()
        try """
        echo $$ > \(quoted(directory.appendingPathComponent("snap.pid").path))
        unset LC_ALL LC_MESSAGES
        \(exports)exec \(quoted(snap.path)) \(arguments)
        """.write(to: launcher, atomically: true, encoding: .utf8)
        let script = directory.appendingPathComponent("run.sh")
        try """
        printf 'before snap\\n'
        modes=$(stty -g)
        sh \(quoted(launcher.path))
        status=$?
        if [ "$modes" = "$(stty -g)" ]; then echo 'terminal modes restored'; else echo 'terminal modes changed'; fi
        echo "snap exited with $status"
        sleep 120
        """.write(to: script, atomically: true, encoding: .utf8)
        try await tmuxCommand([
            // -u: the pane draws wide characters (Japanese) whatever locale this process has.
            "-u", "-f", "/dev/null", "new-session", "-d", "-s", "solo", "-x", "80", "-y", "24",
            "sh " + quoted(script.path),
        ])
    }

    /// tmux on this pane's own server.
    private var tmuxOnItsServer: [String] { [tmux, "-S", directory.appendingPathComponent("tmux.sock").path] }

    @discardableResult
    func tmuxCommand(_ arguments: [String]) async throws -> String {
        let command = tmuxOnItsServer + arguments
        return try await offThePool { try Self.output(of: command) }
    }

    /// The process id of the running snap.
    func snapProcess() throws -> pid_t {
        let file = directory.appendingPathComponent("snap.pid").path
        let text = try String(contentsOfFile: file, encoding: .utf8)
        guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw PaneError("no process id in \(file): \(text)")
        }
        return pid
    }

    /// The pane's text as shown.
    func capture() async throws -> String {
        try await tmuxCommand(["capture-pane", "-p", "-t", "solo"])
    }

    /// The pane's text with lines the pane's width wrapped joined again.
    func captureJoined() async throws -> String {
        try await tmuxCommand(["capture-pane", "-p", "-J", "-t", "solo"])
    }

    /// A tmux format evaluated for the pane, e.g. "#{alternate_on}".
    func display(_ format: String) async throws -> String {
        try await tmuxCommand(["display-message", "-p", "-t", "solo", format])
    }

    /// Types keys, in tmux's names ("Enter", "Space", "C-c", "q").
    func send(_ keys: String...) async throws {
        try await tmuxCommand(["send-keys", "-t", "solo"] + keys)
    }

    /// Whether a screen shows a round's result: another player's win, the person's own, or nobody's.
    static func showsTheRoundsResult(_ screen: String) -> Bool {
        screen.contains("wins the round!") || screen.contains("You win the round!") || screen.contains("nobody won")
    }

    /// Captures every 100 ms until `condition` holds; fails after `timeout` seconds with the last screen.
    @discardableResult
    func waitFor(
        _ what: String,
        timeout: Double = 20,
        _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1_000))
        var screen = ""
        while ContinuousClock.now < deadline {
            screen = try await capture()
            if condition(screen) { return screen }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw PaneError("timed out waiting for \(what); the screen was:\n\(screen)")
    }

    /// Ends the pane's processes and its tmux server, and removes its folder, in the background: a test's `defer`
    /// cannot await, and nothing after it needs them gone.
    func close() {
        let command = tmuxOnItsServer
        let directory = directory
        DispatchQueue.global().async {
            // kill-session ends the pane's processes and, with the last session, the server.
            _ = try? Self.output(of: command + ["kill-session", "-t", "solo"])
            _ = try? Self.output(of: command + ["kill-server"])
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Runs a program (`command[0]`, a path) with standard input from /dev/null and returns its standard output;
    /// it blocks until the program ends.
    ///
    /// Not Foundation's Process: it learns that a child ended when the child's end of a socket pair closes, and the
    /// server a tmux client forks keeps that end open for its whole life. Here the output goes to a file, every
    /// other descriptor is closed in the child, and waitpid says when it ended.
    static func output(of command: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("snap-test-output-\(UUID().uuidString)").path
        defer { unlink(outputPath) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap({ Int32($0) }) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }

        let argv = command.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv + [nil], environ)
        guard spawned == 0 else {
            throw PaneError("could not start \(command[0]): error \(spawned)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw PaneError("\(command.joined(separator: " ")) failed (wait status \(status))")
        }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct PaneError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
