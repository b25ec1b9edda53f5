import Foundation
import Logging
import NIOCore
import NIOPosix
import SnapCore
import SnapProtocol
import SnapServer
import Synchronization
import Testing

@testable import SnapBench

/// The transport floor sends what a Snap! server sends: with the same seed, two players making the same moves get
/// the same packets in the same WebSocket messages from both, from the deal on. (The floor's whole load, mirror
/// tables' card checks included, is in ``LeanBotTests``.)
@Suite struct FloorServerTests {
    @Test func theFloorSendsEachSeatTheMessagesSnapSends() async throws {
        let snap = try await BenchTestServers.withSnapServer(speed: 2, seed: 7) { try await ScriptedGame.play(at: $0) }
        let floor = try await BenchTestServers.withFloor(speed: 2, seed: 7) { try await ScriptedGame.play(at: $0) }
        for player in 0..<2 {
            #expect(snap[player].count > 10, "the script played: the deal, eight turns and a call")
            #expect(snap[player].joined().contains { if case .snapJudged = $0 { true } else { false } })
            #expect(floor[player] == snap[player], "player \(player): the same packets in the same messages")
        }
        // Protocol version 10's shapes: Turn, not ActivatePlayer.
        #expect(!snap[0].joined().contains { if case .activatePlayer = $0 { true } else { false } })
    }

    @Test func aJoinWithAnUnknownCodeIsRefusedAsSnapRefusesIt() async throws {
        let refusal = try await BenchTestServers.withFloor(speed: 2, seed: 1) { url -> LeanSnapBot.Refusal? in
            do {
                _ = try await SeatSignal.wait { signal in
                    ScriptedGame.connect(url, ScriptedSeat(name: "Ann", joining: "ZZZZ", seated: signal, game: ScriptedGame()))
                }
                return nil
            } catch let refusal as LeanSnapBot.Refusal {
                return refusal
            }
        }
        #expect(refusal?.code == WireErrorCode.unknownTable.rawValue)
    }
}

/// Two players' game, the same moves whichever server: each turns when it is its turn and play is not stopped,
/// eight turns in all; the second calls Snap! once on its own turn, before turning, when the top cards do not match
/// (a wrong call, whatever the timing). Nothing is ever due on the table's timers when a player acts, and a player
/// acts only once the other has everything it has (so that no message to the other can still be waiting to go out,
/// to be joined by what the action says): the server's timing decides nothing.
final class ScriptedGame: Sendable {
    /// Each player's messages from the deal on (the opener's first), every packet but pings (their moment is the
    /// clock's) and with a verdict's reaction time set to zero (the server credits what the clock allows).
    private let messages = Mutex<[[[Packet]]]>([[], []])
    /// How many packets each player has recorded.
    private let counts = Mutex([0, 0])
    private let finished = Mutex([false, false])

    static let turns = 8

    /// Plays the script at `url`; returns what each player received.
    static func play(at url: String) async throws -> [[[Packet]]] {
        let game = ScriptedGame()
        let code = try await SeatSignal.wait { signal in
            connect(url, ScriptedSeat(name: "Ann", joining: nil, seated: signal, game: game))
        }
        _ = try await SeatSignal.wait { signal in
            connect(url, ScriptedSeat(name: "Bob", joining: code, seated: signal, game: game))
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline, game.finished.withLock({ $0.contains(false) }) {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(!game.finished.withLock { $0.contains(false) }, "both seats saw the script through")
        return game.messages.withLock { $0 }
    }

    static func connect(_ url: String, _ seat: @autoclosure @escaping @Sendable () -> ScriptedSeat) {
        let seated = seat()
        _ = LeanWebSocket.connect(to: url, on: MultiThreadedEventLoopGroup.singleton.next()) { seated }
    }

    func record(_ packets: [Packet], player: Int) {
        let kept = packets.compactMap { packet -> Packet? in
            switch packet {
            case .ping: nil
            case .snapJudged(let call, _, let margin): .snapJudged(call, reaction: 0, margin: margin)
            default: packet
            }
        }
        guard !kept.isEmpty else { return }
        messages.withLock { $0[player].append(kept) }
        counts.withLock { $0[player] += kept.count }
    }

    /// Whether the other player has recorded as many packets as `player` (every packet of the game goes to both).
    func otherHasCaughtUp(with player: Int) -> Bool {
        counts.withLock { $0[1 - player] >= $0[player] }
    }

    func finish(player: Int) { finished.withLock { $0[player] = true } }
}

/// One player of a ``ScriptedGame``, speaking protocol version 10 as a load run's bots do.
final class ScriptedSeat: LeanPlayer, @unchecked Sendable {
    private let name: String
    private let joining: String?
    private let seated: SeatSignal
    private let game: ScriptedGame
    private var seat: Int?
    /// 0 for the player who opens the table, 1 for the one who joins.
    private var player: Int { joining == nil ? 0 : 1 }
    private var recording = false
    private var isActive = false
    private var isStopped = false
    private var hasCalled = false
    private var cardsTurned = 0
    private var topOpen = [UInt8](repeating: 0, count: Seat.count)

    /// A player called `name` who opens a table, or joins the one with code `joining`.
    init(name: String, joining: String?, seated: SeatSignal, game: ScriptedGame) {
        self.name = name
        self.joining = joining
        self.seated = seated
        self.game = game
    }

    func opened(_ socket: LeanWebSocket) {}

    func ended(failure: (any Error)?) {
        seated.fail(failure ?? LeanWebSocket.Failure.closedBeforeUpgrade)
    }

    func received(_ message: ByteBuffer, on socket: LeanWebSocket) {
        guard let frames = try? Frame.decodeMessage(message.readableBytesView) else { return }
        let packets = frames.map(\.packet)
        if !recording, let deal = packets.firstIndex(where: { if case .dealCards = $0 { true } else { false } }) {
            // What came before the deal in the same message (the joiner's welcome, if its write was late) is not
            // part of the game.
            recording = true
            game.record(Array(packets[deal...]), player: player)
        } else if recording {
            game.record(packets, player: player)
        }
        for packet in packets { handle(packet, on: socket) }
    }

    private func handle(_ packet: Packet, on socket: LeanWebSocket) {
        switch packet {
        case .signInRequest:
            send(.hello(version: Wire.version), on: socket)
            send(.signInResponse(name: name), on: socket)
        case .welcome:
            send(joining.map { .joinTable(code: $0) } ?? .hostTable(solo: false), on: socket)
        case .tableJoined(let code, let seat):
            self.seat = Int(seat.rawValue)
            seated.succeed(code)
        case .playerJoined where joining == nil:
            send(.startRound, on: socket)
        case .ping(let value):
            send(.pong(value), on: socket)
        case .error(let code, let message):
            seated.fail(LeanSnapBot.Refusal(code: code, message: message))
        case .cardTurned(let turner, let card):
            cardsTurned += 1
            topOpen[Int(turner.rawValue)] = card.value
            if Int(turner.rawValue) == seat { isActive = false }
        case .turn(let active):
            isActive = Int(active.rawValue) == seat
            if cardsTurned == ScriptedGame.turns { return game.finish(player: player) }
            play(on: socket)
        case .snapJudged:
            isStopped = true
        case .resumed:
            isStopped = false
            play(on: socket)
        default:
            break
        }
    }

    private func play(on socket: LeanWebSocket) {
        guard isActive, !isStopped, cardsTurned < ScriptedGame.turns else { return }
        guard game.otherHasCaughtUp(with: player) else {
            return socket.schedule(after: .milliseconds(2)) { [weak self, weak socket] in
                guard let self, let socket else { return }
                self.play(on: socket)
            }
        }
        let tops = topOpen.filter { $0 != 0 }
        if joining != nil, !hasCalled, cardsTurned >= 3, Set(tops).count == tops.count {
            hasCalled = true
            isStopped = true
            return send(.callSnap(reaction: 400_000), on: socket)
        }
        isActive = false
        send(.clientTurnedCard, on: socket)
    }

    private func send(_ packet: Packet, on socket: LeanWebSocket) {
        socket.send(Frame(number: nil, packet: packet).encoded())
    }
}
