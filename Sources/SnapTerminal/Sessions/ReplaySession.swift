import SnapClient
import SnapCore
import SnapProtocol

/// A stored round played back in the terminal (`snap replay`): its moments fed, at their table time, through the
/// same mirror (``PlayerView``, as ``SnapClient`` applies packets) and the same ``NetworkSession`` and
/// ``TableScreen`` as a live game, from no seat. Space pauses and plays, ←/→ step one moment, +/- change the speed
/// (½× to 8×), q quits. No I/O and no clock: the caller says what time it is.
struct ReplaySession: ScreenSession {
    /// The speeds, slowest first.
    static let speeds: [Double] = [0.5, 1, 2, 4, 8]

    let record: RoundReplayRecord
    /// The words, in the person's language.
    let texts: TerminalTexts
    /// How long the round's deal took, for the deal's progress bar.
    private let dealLength: Duration
    /// The table as the live game would show it, on the round's timeline.
    private var table: NetworkSession
    /// The mirror the packets are applied to.
    private var mirror: PlayerView?
    /// The last moment applied.
    private(set) var index = 0
    /// Where the replay is on the round's timeline when the clock last changed, and the real time it changed.
    private var position: Duration = .zero
    private var since: Duration = .zero
    private(set) var playing = false
    private(set) var speed: Double = 1
    /// What went wrong applying a packet, if anything did.
    private(set) var problem: String?

    /// A session showing the first moment, paused; `play(at:)` starts it.
    init(record: RoundReplayRecord, texts: TerminalTexts = .english) {
        self.record = record
        self.texts = texts
        dealLength = Self.dealLength(of: record)
        table = NetworkSession(dealLength: dealLength, texts: texts)
        rebuild(to: 0)
    }

    /// The round's length: the time of its last moment.
    var duration: Duration { record.moments.last?.at ?? .zero }

    /// The table as shown now.
    var view: PlayerView? { table.view }

    /// Where the replay is at real time `time`.
    func time(at now: Duration) -> Duration {
        guard playing else { return position }
        return min(duration, position + (now - since) * speed)
    }

    /// The moment showing at `t`: the last at or before it.
    func moment(at t: Duration) -> Int {
        var low = 0
        var high = record.moments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if record.moments[middle].at <= t { low = middle } else { high = middle - 1 }
        }
        return max(low, 0)
    }

    // MARK: - Controls

    mutating func play(at now: Duration) {
        guard !playing else { return }
        if position >= duration {
            position = .zero
            rebuild(to: 0)
        }
        since = now
        playing = duration > .zero
    }

    mutating func pause(at now: Duration) {
        position = time(at: now)
        playing = false
    }

    /// One moment forward or back, paused.
    mutating func step(by steps: Int, at now: Duration) {
        pause(at: now)
        let target = min(max(index + steps, 0), record.moments.count - 1)
        position = record.moments[target].at
        show(target)
    }

    mutating func changeSpeed(by steps: Int, at now: Duration) {
        position = time(at: now)
        since = now
        let current = Self.speeds.firstIndex(of: speed) ?? 1
        speed = Self.speeds[min(max(current + steps, 0), Self.speeds.count - 1)]
    }

    // MARK: - Moments

    /// Shows moment `target`: forward from the one shown, or rebuilt from the start.
    private mutating func show(_ target: Int) {
        if target < index {
            rebuild(to: target)
        } else {
            while index < target {
                index += 1
                apply(record.moments[index])
            }
        }
    }

    private mutating func rebuild(to target: Int) {
        table = NetworkSession(dealLength: dealLength, texts: texts)
        mirror = nil
        index = 0
        if let first = record.moments.first { apply(first) }
        show(target)
    }

    /// Feeds one moment's packets to the table as the client's updates, at the moment's time.
    private mutating func apply(_ moment: RoundReplayRecord.Moment) {
        for packet in moment.packets {
            guard let update = update(for: packet) else { continue }
            table.apply(update, at: moment.at)
        }
    }

    /// What ``SnapClient`` would report for `packet`, applying it to the mirror.
    private mutating func update(for packet: Packet) -> ClientUpdate? {
        switch packet {
        case .snapshot(let view):
            mirror = view
            return .snapshot(view)
        case .roundClock(let remaining):
            return .roundClock(remaining: .milliseconds(Int64(remaining)))
        case .turnClock(let seat, let remaining):
            return .turnClock(seat, remaining: .milliseconds(Int64(remaining)))
        case .playerConnection(let seat, let connected):
            return .playerConnection(seat, connected: connected)
        default:
            guard var view = mirror else { return nil }
            do {
                guard let events = try packet.tableEvents(in: view) else { return nil }
                view.apply(events)
                mirror = view
                return .table(view, events: events)
            } catch {
                problem = texts.text("terminal.replay.problem", ["moment": String(index)])
                return nil
            }
        }
    }

    /// How long the round's deal took on its timeline (for the deal's progress bar).
    private static func dealLength(of record: RoundReplayRecord) -> Duration {
        let start = record.moments.first { $0.packets.contains { if case .dealCards = $0 { true } else { false } } }
        let end = record.moments.first { $0.packets.contains { if case .dealFinished = $0 { true } else { false } } }
        guard let start, let end, end.at > start.at else { return .seconds(2) }
        return end.at - start.at
    }

    // MARK: - The screen

    mutating func advance(to now: Duration) {
        let t = time(at: now)
        if playing, t >= duration {
            position = duration
            playing = false
        }
        let target = moment(at: t)
        if target != index { show(target) }
    }

    func lines(size: TerminalSize, colour: Bool, at now: Duration) -> [String] {
        screen(size: size, colour: colour, at: now)?.render() ?? [texts.text("terminal.replay.empty")]
    }

    /// The frame at real time `now`.
    func screen(size: TerminalSize, colour: Bool, at now: Duration) -> TableScreen? {
        let t = time(at: now)
        guard var screen = table.screen(size: size, colour: colour, at: t) else { return nil }
        screen.seed = record.round.seed.flatMap { UInt64($0) }
        screen.banner = [statusLine(at: t)]
        screen.keys = [
            .init(texts.text("terminal.key.space"), texts.text(playing ? "terminal.keys.pause" : "terminal.keys.play")),
            .init("←/→", texts.text("terminal.keys.step")), .init("+/-", texts.text("terminal.keys.speed")),
            .init("q", texts.text("terminal.keys.quit")),
        ]
        if let problem { screen.hint = problem }
        return screen
    }

    /// "▶ 1:23 / 4:56  ━━━━━●──┃──  2×  · round 3 at KXPT": the time, a bar with the calls marked, the speed.
    func statusLine(at t: Duration) -> String {
        let mark = playing ? "▶" : "❚❚"
        let speedText = speed == 0.5 ? "½×" : "\(Int(speed))×"
        let bar = Self.bar(at: t, of: duration, calls: callTimes, width: 30)
        let round = texts.text("terminal.replay.roundAt", ["round": String(record.round.round), "table": record.round.table])
        return "\(mark) \(Self.clock(t)) / \(Self.clock(duration))  \(bar)  \(speedText)  · \(round)"
    }

    /// When the round's calls were made (from its moments: each PlayerCalledSnap).
    private var callTimes: [Duration] {
        record.moments.filter { $0.packets.contains { if case .playerCalledSnap = $0 { true } else { false } } }.map(\.at)
    }

    /// A progress bar `width` cells wide: ━ played, ─ to come, ┃ a call, ● where the replay is.
    static func bar(at t: Duration, of duration: Duration, calls: [Duration], width: Int) -> String {
        let cell = { (time: Duration) -> Int in
            guard duration > .zero else { return 0 }
            return min(width - 1, max(0, Int((Double(width) * (time / duration)).rounded(.down))))
        }
        var cells = (0..<width).map { $0 < cell(t) ? "━" : "─" }
        for call in calls { cells[cell(call)] = "┃" }
        cells[cell(t)] = "●"
        return cells.joined()
    }

    /// m:ss.
    static func clock(_ time: Duration) -> String {
        let seconds = max(0, Int((time / .seconds(1)).rounded(.down)))
        return "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
    }

    func wait(at now: Duration) -> Duration {
        playing ? .milliseconds(15) : .milliseconds(100)
    }

    mutating func handle(_ key: Key, at now: Duration) -> KeyOutcome {
        switch key {
        case .interrupt: return .quit(130)
        case .redraw: return .redraw
        case .character("q"), .character("Q"), .endOfInput, .escape: return .quit(0)
        case .space, .enter:
            if playing { pause(at: now) } else { play(at: now) }
        case .right, .character("l"): step(by: 1, at: now)
        case .left, .character("h"): step(by: -1, at: now)
        case .character("+"), .character("="): changeSpeed(by: 1, at: now)
        case .character("-"), .character("_"): changeSpeed(by: -1, at: now)
        default: break
        }
        return .play
    }
}
