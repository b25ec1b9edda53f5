import SnapClient
import SnapCore
import SnapProtocol
import Synchronization

/// One place at the soak where honest bots play, table after table: the first bot hosts, the others join by code,
/// and they play quick rounds. Every few seconds one of them is disrupted — it drops its connection and comes back
/// with its token; or it vanishes without a word (the server keeps its seat for the grace period), then comes back
/// without its token, is told its made-up token is unknown, signs in anew and asks for a seat at its old table
/// until a round ends and one is free; or it leaves mid-round (ClientQuit) and a newcomer takes its place the same
/// way. After the table's life, or when fewer than two players are left, everyone leaves and a new table opens.
final class SoakTable: Sendable {
    private let index: Int
    private let url: String
    private let port: Int
    private let settings: SoakSettings
    private let counters: SoakCounters
    private let play: BotPlay

    /// Place `index` of a soak against the server on `port`.
    init(index: Int, port: Int, settings: SoakSettings, counters: SoakCounters) {
        self.index = index
        self.port = port
        url = "ws://127.0.0.1:\(port)/ws"
        self.settings = settings
        self.counters = counters
        // Two seconds between rounds (not divided by the speed) give players waiting for a seat time to take one.
        play = BotPlay(wrongCallChance: 0.01, nextRoundDelay: .seconds(2))
    }

    /// Opens tables one after another until `stop` is raised.
    func run(until stop: StopFlag) async {
        var generation = 0
        while !stop.isRaised {
            await runTable(generation, until: stop)
            generation += 1
        }
    }

    // MARK: - One table

    private func runTable(_ generation: Int, until stop: StopFlag) async {
        var random = SplitMix64(
            seed: settings.seed &+ UInt64(index) &* 0x9E37_79B9 &+ UInt64(generation) &* 0xBF58_476D)
        let seated = SeatedBots()
        let code: String
        do {
            code = try await open(generation, into: seated)
        } catch {
            counters.protocolErrors.add("an honest table could not be opened")
            await seated.leaveAll()
            try? await Task.sleep(for: .seconds(1))
            return
        }
        let clock = ContinuousClock()
        let end = clock.now + .seconds(Double.random(in: settings.tableLifeSeconds, using: &random))
        let closed = StopFlag()
        var newcomers = 0
        var notConserved = false
        await withTaskGroup(of: Void.self) { disruptions in
            while clock.now < end, !stop.isRaised, await seated.count >= 2 {
                await pause(Double.random(in: settings.disruptionSeconds, using: &random), unless: stop)
                notConserved = await check(seated, alreadyFound: notConserved)
                let pickable = await seated.pickable
                guard !stop.isRaised, !pickable.isEmpty else { continue }
                let bot = pickable[Int.random(in: 0..<pickable.count, using: &random)]
                let choice = Int.random(in: 0..<100, using: &random)
                newcomers += 1
                let name = "S\(index) T\(generation) N\(newcomers)"
                let pace = BotPace(seed: random.next(), speed: settings.speed)
                switch choice {
                case ..<35:
                    await seated.setBusy(bot, true)
                    disruptions.addTask {
                        await bot.dropAndComeBack()
                        await seated.setBusy(bot, false)
                    }
                case ..<60:
                    await seated.remove(bot)
                    disruptions.addTask { [self] in
                        await bot.leave(quit: false)
                        await comeBackWithoutToken(as: name, to: code, into: seated, pace: pace, until: closed)
                    }
                case ..<80:
                    await seated.remove(bot)
                    disruptions.addTask { [self] in
                        if await bot.view?.phase == .playing { counters.leavesMidRound.increment() }
                        await bot.leave(quit: true)
                        await takeASeat(as: name, at: code, into: seated, pace: pace, until: closed)
                    }
                default:
                    break
                }
            }
            closed.raise()
        }
        _ = await check(seated, alreadyFound: notConserved)
        await seated.leaveAll()
    }

    /// Signs in the table's bots; the first hosts and starts the round. Returns the table's code.
    private func open(_ generation: Int, into seated: SeatedBots) async throws -> String {
        var code: String?
        for seat in 0..<settings.players {
            let bot = try await SoakBot.signIn(
                url: url, name: "S\(index) T\(generation) P\(seat + 1)", counters: counters)
            await seated.add(bot)
            _ = try await bot.client.sitDown(at: code)
            if code == nil {
                code = await bot.client.tableCode
                counters.tablesOpened.increment()
            }
            let pace = BotPace(seed: settings.seed &+ UInt64(index * 64 + seat), speed: settings.speed)
            bot.startPlaying(play, pace: pace)
        }
        await seated.first?.client.startRound()
        return code ?? ""
    }

    /// A player who vanished comes back without its token: it asks for its seat with a token it makes up (and must
    /// be told it is unknown), then signs in anew and asks for a seat at its table.
    private func comeBackWithoutToken(
        as name: String, to code: String, into seated: SeatedBots, pace: BotPace, until closed: StopFlag
    ) async {
        counters.returnsWithoutToken.increment()
        let port = port
        switch await OwnThread.run("soak lost token", { LostTokenProbe.run(port: port) }) {
        case .refusedAsExpected:
            counters.lostTokenProbes.increment()
            counters.expectedRefusals.add("unknown_token")
        case .unexpected(let what):
            counters.protocolErrors.add("a reconnect with a made-up token got \(what)")
        }
        if await takeASeat(as: name, at: code, into: seated, pace: pace, until: closed) {
            counters.returnsSeated.increment()
        }
    }

    /// Signs in as `name` and asks for a seat at table `code` twice a second until it gets one (true) or the table
    /// closes; a full table, a round under way, or a table gone meanwhile are refusals it expects.
    @discardableResult
    private func takeASeat(
        as name: String, at code: String, into seated: SeatedBots, pace: BotPace, until closed: StopFlag
    ) async -> Bool {
        guard let bot = try? await SoakBot.signIn(url: url, name: name, counters: counters) else {
            counters.protocolErrors.add("a player could not sign in")
            return false
        }
        while !closed.isRaised {
            do {
                _ = try await bot.client.sitDown(at: code)
                await seated.add(bot)
                bot.startPlaying(play, pace: pace)
                return true
            } catch SnapClientError.refused(let refusal) {
                let expected: [UInt16] = [
                    TableError.tableFull.rawValue, TableError.roundUnderWay.rawValue,
                    WireErrorCode.unknownTable.rawValue,
                ]
                guard expected.contains(refusal.code) else {
                    counters.protocolErrors.add(
                        "a player asking for a seat was refused: \(ErrorCodeName.of(refusal.code))")
                    break
                }
                counters.expectedRefusals.add(ErrorCodeName.of(refusal.code))
                if refusal.code == WireErrorCode.unknownTable.rawValue { break }
            } catch {
                counters.protocolErrors.add("a player asking for a seat lost its connection")
                break
            }
            try? await Task.sleep(for: .milliseconds(500))
        }
        await bot.leave(quit: false)
        return false
    }

    /// Looks for the 52 cards in every seated bot's view of a round under way; true if some view (now or before)
    /// did not hold them.
    private func check(_ seated: SeatedBots, alreadyFound: Bool) async -> Bool {
        counters.conservationChecks.increment()
        for bot in await seated.all {
            // Only a round under way has all 52 in the players' hands: before the first deal, and between rounds
            // once someone has left (their cards are set aside, out of every view), fewer are in sight.
            guard let view = await bot.view, view.phase.isRoundUnderWay, view.cardCount != Deck.ordered.count
            else { continue }
            if !alreadyFound { counters.tablesNotConserved.increment() }
            return true
        }
        return alreadyFound
    }

    /// Sleeps `seconds`, waking early when `stop` is raised.
    private func pause(_ seconds: Double, unless stop: StopFlag) async {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(seconds)
        while clock.now < end, !stop.isRaised { try? await Task.sleep(for: min(.milliseconds(250), end - clock.now)) }
    }
}

/// The bots seated at one soak table.
private actor SeatedBots {
    private var bots: [SoakBot] = []
    /// Bots being disrupted, which the next disruption leaves alone.
    private var busy: Set<ObjectIdentifier> = []

    var count: Int { bots.count }
    var all: [SoakBot] { bots }
    var first: SoakBot? { bots.first }
    /// The bots no disruption is busy with.
    var pickable: [SoakBot] { bots.filter { !busy.contains(ObjectIdentifier($0)) } }

    func add(_ bot: SoakBot) { bots.append(bot) }

    func remove(_ bot: SoakBot) { bots.removeAll { $0 === bot } }

    func setBusy(_ bot: SoakBot, _ isBusy: Bool) {
        if isBusy { busy.insert(ObjectIdentifier(bot)) } else { busy.remove(ObjectIdentifier(bot)) }
    }

    /// Everyone leaves the table, as players do: ClientQuit, then the connection closes.
    func leaveAll() async {
        let leaving = bots
        bots = []
        await withTaskGroup(of: Void.self) { group in
            for bot in leaving { group.addTask { await bot.leave(quit: true) } }
        }
    }
}
