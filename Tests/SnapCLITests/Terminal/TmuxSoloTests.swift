import Foundation
import SnapTestSupport
import Testing

/// `snap solo` for real: the built binary in an 80×24 tmux pane, driven with keys, read back with
/// `capture-pane`. Skipped when tmux is missing, unless SNAP_REQUIRE_TMUX=1 makes that a failure.
@Suite(.blocking) struct TmuxSoloTests {
    // MARK: - Finding the programs

    /// The `snap` binary of this build, if it is there.
    static let snapBinary: URL? = SnapBinary.built

    /// A program found on PATH.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// tmux, if installed.
    static let tmuxPath = executable(named: "tmux")

    /// Whether a missing tmux is a failure rather than a reason to skip.
    static let tmuxRequired = ProcessInfo.processInfo.environment["SNAP_REQUIRE_TMUX"] == "1"

    static let tmuxAvailable = tmuxPath != nil || tmuxRequired

    // MARK: - Tests

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func playsAGameAndRestoresTheTerminalOnQuit() throws {
        let pane = try SnapPane(arguments: "solo --seed 7 --speed 20 --name Tester")
        defer { pane.close() }

        let table = try pane.waitFor("the table") { screen in
            ["Ray", "Lucy", "Steve", "Tester (you)", "Snap!", "Round 1"].allSatisfy(screen.contains)
        }
        #expect(!table.contains("seed"), "a player does not need the seed during the game")
        #expect(table.contains("[Enter] turn") || table.contains("Enter  turn"))

        // Play: wait for the person's turn, then turn a card with Enter.
        try pane.waitFor("your turn") { $0.contains("Your turn: press Enter") }
        let before = try pane.capture()
        try pane.send("Enter")
        try pane.waitFor("the card to be turned") { $0 != before && !$0.contains("Your turn: press Enter") }

        // Call Snap! with Space until a call is judged and its cards move, or it comes too late.
        var verdict: String?
        for _ in 0..<6 where verdict == nil {
            try pane.send("Space")
            verdict = try? pane.waitFor("a verdict", timeout: 2) { screen in
                let signs = ["You pay", "You collect", "too late", "«Snap!» ✗", "«Snap!» ☺", "You must pay", "You receive"]
                return signs.contains(where: screen.contains)
            }
        }
        #expect(verdict != nil, "no verdict after calling Snap!")

        // Help and back.
        try pane.send("?")
        try pane.waitFor("the help") { $0.contains("Rules") && $0.contains("Space or s") }
        try pane.send("?")
        try pane.waitFor("the help to close") { !$0.contains("Rules") }

        // Quit, confirming.
        try pane.send("q")
        try pane.waitFor("the quit prompt") { $0.contains("Quit? (y/n)") }
        try pane.send("y")
        let after = try pane.waitFor("snap to exit") { $0.contains("snap exited with") }
        #expect(after.contains("snap exited with 0"))
        #expect(after.contains("before snap"), "the normal screen is back")
        #expect(after.contains("Thanks for playing Snap!"))
        #expect(after.contains("(seed 7)"), "the summary says the seed, for replaying")
        #expect(after.contains("terminal modes restored"))
        #expect(!after.contains("Quit? (y/n)") && !after.contains("Tester (you)"), "the table is gone")
        #expect(try pane.display("#{alternate_on} #{cursor_flag}") == "0 1", "normal screen, cursor shown")
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func aQuickRoundEndsByTimeWithNoKeyPressed() throws {
        // 3 minutes at speed 60 is 3 s. The person never presses a key: the screen moves on its own (the clock, the
        // turns the table takes for them) until time ends the round. The countdown and the turns taken for an idle
        // person are checked in process, on made-up time (SoloSessionTests).
        let pane = try SnapPane(arguments: "solo --seed 7 --speed 60 --round 3 --name Tester")
        defer { pane.close() }
        let clock = try pane.waitFor("the round clock") { $0.contains("Round 1 · 0:0") && $0.contains(" left") }
        #expect(clock.contains("Tester (you)"))
        let end = try pane.waitFor("the round to end by time", timeout: 60) { $0.contains("wins the round!") }
        #expect(end.contains("Press n for the next round"))
        #expect(!end.contains(" left "), "the clock is gone once the round is over")
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func controlCQuitsAtOnceAndRestoresTheTerminal() throws {
        let pane = try SnapPane(arguments: "solo --seed 8 --name Tester")
        defer { pane.close() }
        try pane.waitFor("the table") { $0.contains("Lucy") && $0.contains("Tester (you)") }
        try pane.send("C-c")
        let after = try pane.waitFor("snap to exit") { $0.contains("snap exited with") }
        #expect(after.contains("snap exited with 130"))
        #expect(after.contains("terminal modes restored"))
        #expect(after.contains("before snap"))
        #expect(try pane.display("#{alternate_on} #{cursor_flag}") == "0 1")
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func sigtermFromOutsideRestoresTheTerminal() throws {
        let pane = try SnapPane(arguments: "solo --seed 9 --name Tester")
        defer { pane.close() }
        try pane.waitFor("the table") { $0.contains("Lucy") && $0.contains("Tester (you)") }
        let snap = try pane.snapProcess()
        #expect(kill(snap, SIGTERM) == 0)
        let after = try pane.waitFor("snap to exit") { $0.contains("snap exited with") }
        #expect(after.contains("snap exited with 143"))
        #expect(after.contains("terminal modes restored"))
        #expect(try pane.display("#{alternate_on} #{cursor_flag}") == "0 1")
    }

    @Test func refusesToRunWithoutATerminal() throws {
        let snap = try #require(TmuxSoloTests.snapBinary, "build the snap executable first (swift build)")
        let process = Process()
        process.executableURL = snap
        process.arguments = ["solo", "--seed", "1"]
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(errorText.contains("snap solo needs an interactive terminal"))
    }

    // MARK: - Helpers

    /// Runs a program with standard input from /dev/null and returns its standard output.
    ///
    /// Not Foundation's Process: it learns that a child ended when the child's end of a socket pair
    /// closes, and the server a tmux client forks keeps that end open for its whole life. Here the
    /// output goes to a file, every other descriptor is closed in the child, and waitpid says when it ended.
    static func output(of executable: String, _ arguments: [String]) throws -> String {
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

        let argv = ([executable] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv + [nil], environ)
        guard spawned == 0 else {
            throw PaneError("could not start \(executable): error \(spawned)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw PaneError("\(executable) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct PaneError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// `snap` in an 80×24 pane of its own tmux server (its socket in a temporary folder), run by a shell
    /// that prints before and after it.
    struct SnapPane {
        let tmux: String
        /// Holds the run script and the tmux server's socket; removed by ``close()``.
        let directory: URL

        /// The locale every pane's snap runs in unless a test passes its own: English, whatever the machine's.
        static let englishLocale = ["LANG": "C.UTF-8"]

        /// `snap ARGUMENTS` in a new 80×24 pane, with `environment` added to its own. LC_ALL and LC_MESSAGES are
        /// cleared and LANG is C.UTF-8 (so snap speaks English) unless `environment` sets them.
        init(arguments: String, environment: [String: String] = [:]) throws {
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
            let exports = SnapBinary.testEnvironment.merging(Self.englishLocale) { $1 }.merging(environment) { $1 }.sorted { $0.key < $1.key }.map { "export \($0.key)=\(quoted($0.value))\n" }.joined()
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
            try tmuxCommand([
                // -u: the pane draws wide characters (Japanese) whatever locale this process has.
                "-u", "-f", "/dev/null", "new-session", "-d", "-s", "solo", "-x", "80", "-y", "24",
                "sh " + quoted(script.path),
            ])
        }

        @discardableResult
        func tmuxCommand(_ arguments: [String]) throws -> String {
            try TmuxSoloTests.output(of: tmux, ["-S", directory.appendingPathComponent("tmux.sock").path] + arguments)
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
        func capture() throws -> String {
            try tmuxCommand(["capture-pane", "-p", "-t", "solo"])
        }

        /// The pane's text with lines the pane's width wrapped joined again.
        func captureJoined() throws -> String {
            try tmuxCommand(["capture-pane", "-p", "-J", "-t", "solo"])
        }

        /// A tmux format evaluated for the pane, e.g. "#{alternate_on}".
        func display(_ format: String) throws -> String {
            try tmuxCommand(["display-message", "-p", "-t", "solo", format])
        }

        /// Types keys, in tmux's names ("Enter", "Space", "C-c", "q").
        func send(_ keys: String...) throws {
            try tmuxCommand(["send-keys", "-t", "solo"] + keys)
        }

        /// Captures every 100 ms until `condition` holds; fails after `timeout` seconds with the last screen.
        @discardableResult
        func waitFor(
            _ what: String,
            timeout: Double = 20,
            _ condition: (String) -> Bool
        ) throws -> String {
            let deadline = Date().addingTimeInterval(timeout)
            var screen = ""
            while Date() < deadline {
                screen = try capture()
                if condition(screen) { return screen }
                Thread.sleep(forTimeInterval: 0.1)
            }
            throw PaneError("timed out waiting for \(what); the screen was:\n\(screen)")
        }

        func close() {
            // kill-session ends the pane's processes and, with the last session, the server.
            _ = try? tmuxCommand(["kill-session", "-t", "solo"])
            _ = try? tmuxCommand(["kill-server"])
            try? FileManager.default.removeItem(at: directory)
        }
    }
}
