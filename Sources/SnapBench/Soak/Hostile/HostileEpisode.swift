import Foundation
import SnapCore
import SnapNetworkTools
import SnapProtocol

/// One connection of a misbehaving client (``HostileKind``), from connecting until the server ends it or the
/// episode has run its course. Blocking: run it on a thread of its own.
struct HostileEpisode {
    /// The misbehaviour.
    let kind: HostileKind
    /// The server's port on 127.0.0.1.
    let port: Int
    /// Which episode of this kind (it varies the misbehaviour).
    let number: Int
    /// Raised when the soak is ending.
    let stop: StopFlag
    private var random: SplitMix64

    /// Episode `number` of `kind` against the server on `port`.
    init(kind: HostileKind, port: Int, number: Int, seed: UInt64, stop: StopFlag) {
        self.kind = kind
        self.port = port
        self.number = number
        self.stop = stop
        random = SplitMix64(seed: seed &+ UInt64(number) &* 0x9E37_79B9)
    }

    /// Runs the episode.
    mutating func run() -> HostileOutcome {
        var outcome = HostileOutcome()
        let socket: RawWebSocket
        do {
            // A small receive buffer makes a client that reads slowly, or not at all, push back on the server at once.
            let small = kind == .nonReader || kind == .slowReader
            socket = try RawWebSocket(port: port, receiveBuffer: small ? 4_096 : nil)
        } catch {
            outcome.ending = .closedByServer(.connectionRefused)
            return outcome
        }
        socket.socket.setTimeout(.milliseconds(20))
        defer { socket.close() }
        switch kind {
        case .garbage: sendGarbage(socket, &outcome)
        case .oversized: sendOversized(socket, &outcome)
        case .badFrames: breakTheProtocol(socket, &outcome)
        case .flooder: flood(socket, &outcome)
        case .nonReader: floodWithoutReading(socket, &outcome)
        case .slowReader: readSlowly(socket, &outcome)
        case .silent: _ = read(socket, for: .seconds(40), &outcome)
        }
        if outcome.ending == .notClosed {
            if stop.isRaised { outcome.ending = .interrupted }
            // A never-reading client goes as it lived: without a word (its unread bytes make it a reset).
            if kind != .nonReader { socket.send(.close(code: 1000)) }
        }
        return outcome
    }

    // MARK: - Misbehaviours

    private mutating func sendGarbage(_ socket: RawWebSocket, _ outcome: inout HostileOutcome) {
        for _ in 0..<40 where !stop.isRaised {
            guard socket.send(WebSocketFrame(.binary, garbage())) else { return ended(socket, &outcome) }
            outcome.requestsSent += 1
            if read(socket, for: .milliseconds(100), &outcome) { return }
        }
        _ = read(socket, for: .seconds(1), &outcome)
    }

    /// Bytes that are no packet a client may send: not `SNAP`, an unknown type, or a packet only servers send.
    private mutating func garbage() -> [UInt8] {
        let noise = (0..<Int.random(in: 0...120, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return [UInt8.random(in: 0...0x52, using: &random)] + noise
        case 1:
            return Array("SNAP".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x0F, UInt8.random(in: 0...255, using: &random)]
                + noise
        default: return Frame(number: nil, packet: .welcome(version: 3, id: PlayerID("1"), token: "x")).encoded()
        }
    }

    private mutating func sendOversized(_ socket: RawWebSocket, _ outcome: inout HostileOutcome) {
        let size = Wire.maximumPacketSize + 1 + Int.random(in: 0..<12_000, using: &random)
        let header = Frame(number: nil, packet: .listTables).encoded()
        outcome.requestsSent = 1
        // The server may close while the frame is still being written; the read below finds out how.
        socket.send(WebSocketFrame(.binary, header + [UInt8](repeating: 0x20, count: size - header.count)))
        _ = read(socket, for: .seconds(5), &outcome)
    }

    private func breakTheProtocol(_ socket: RawWebSocket, _ outcome: inout HostileOutcome) {
        let listTables = Frame(number: nil, packet: .listTables).encoded()
        outcome.requestsSent = 1
        switch number % 5 {
        case 0: socket.send(WebSocketFrame(rawOpcode: 0x3, [1, 2, 3]))
        case 1: socket.send(WebSocketFrame(rawOpcode: 0x2, listTables, reserved: 0b100))
        case 2: socket.send(WebSocketFrame(.binary, listTables), mask: nil)
        case 3: socket.send(WebSocketFrame(.ping, [1], fin: false))
        default: socket.send(WebSocketFrame(.text, [0x53, 0xC3, 0x28, 0xA0, 0xA1]))
        }
        _ = read(socket, for: .seconds(5), &outcome)
    }

    /// Even episodes flood the lobby with table lists; odd ones host a table with three computer players and
    /// flood it with Snap! calls.
    private func flood(_ socket: RawWebSocket, _ outcome: inout HostileOutcome) {
        guard signIn(socket, &outcome) else { return }
        let request: Packet
        if number % 2 == 0 {
            request = .listTables
        } else {
            socket.send(.hostTable(solo: true))
            guard waitFor(socket, &outcome, { if case .tableJoined = $0 { true } else { false } }) else { return }
            socket.send(.startRound)
            request = .callSnap(reaction: 200_000)
        }
        let batch = Self.batch(of: request, count: 50)
        while outcome.requestsSent < 3_000, !stop.isRaised {
            guard socket.write(batch) else { return ended(socket, &outcome) }
            outcome.requestsSent += 50
            if read(socket, for: .milliseconds(5), &outcome) { return }
        }
        _ = read(socket, for: .seconds(1), &outcome)
    }

    private func floodWithoutReading(_ socket: RawWebSocket, _ outcome: inout HostileOutcome) {
        socket.send(.hello(version: Wire.version))
        socket.send(.signInResponse(name: "Non-reader \(number)"))
        let batch = Self.batch(of: .listTables, count: 100)
        let deadline = ContinuousClock.now + .seconds(15)
        while outcome.requestsSent < 6_000, ContinuousClock.now < deadline, !stop.isRaised {
            guard !socket.socket.peerHasClosed, socket.write(batch) else { return ended(socket, &outcome) }
            outcome.requestsSent += 100
        }
        // Give the server a moment with its pile of answers before going.
        let pause = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < pause {
            if socket.socket.peerHasClosed { return ended(socket, &outcome) }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    private func readSlowly(_ socket: RawWebSocket, _ outcome: inout HostileOutcome) {
        guard signIn(socket, &outcome) else { return }
        let batch = Self.batch(of: .listTables, count: 4)
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline, !stop.isRaised {
            guard socket.write(batch) else { return ended(socket, &outcome) }
            outcome.requestsSent += 4
            if let end = socket.readSome(limit: 256) {
                // Whatever was read before the end may hold the close frame.
                if takeFrames(socket, &outcome) { return }
                return outcome.noteEnd(.ended(end))
            }
            if takeFrames(socket, &outcome) { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    // MARK: - Reading

    /// Says hello and signs in; false if the connection ended first.
    private func signIn(_ socket: RawWebSocket, _ outcome: inout HostileOutcome) -> Bool {
        socket.send(.hello(version: Wire.version))
        socket.send(.signInResponse(name: "\(kind.rawValue) \(number)"))
        return waitFor(socket, &outcome) { if case .welcome = $0 { true } else { false } }
    }

    /// Reads until a packet satisfies `condition` (true), or the connection ends or five seconds pass (false).
    private func waitFor(
        _ socket: RawWebSocket, _ outcome: inout HostileOutcome, _ condition: (Packet) -> Bool
    ) -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline, !stop.isRaised {
            let received = socket.receive(timeout: .milliseconds(100))
            switch received {
            case .frame(let frame):
                if note(frame, &outcome).contains(where: condition) { return true }
            case .nothing:
                continue
            case .closed, .ended:
                outcome.noteEnd(received)
                return false
            }
        }
        return false
    }

    /// Reads for `duration` (or until the soak ends), noting Error packets; true if the connection ended.
    private func read(_ socket: RawWebSocket, for duration: Duration, _ outcome: inout HostileOutcome) -> Bool {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline, !stop.isRaised {
            let received = socket.receive(timeout: min(.milliseconds(100), deadline - ContinuousClock.now))
            switch received {
            case .frame(let frame): note(frame, &outcome)
            case .nothing: continue
            case .closed, .ended:
                outcome.noteEnd(received)
                return true
            }
        }
        return false
    }

    /// Goes through the frames already read; true if one was the close.
    private func takeFrames(_ socket: RawWebSocket, _ outcome: inout HostileOutcome) -> Bool {
        while let received = socket.takeFrame() {
            guard case .frame(let frame) = received else {
                outcome.noteEnd(received)
                return true
            }
            note(frame, &outcome)
        }
        return false
    }

    /// A write failed or the server hung up: read what it sent before, to find its close frame.
    private func ended(_ socket: RawWebSocket, _ outcome: inout HostileOutcome) {
        socket.socket.setTimeout(.milliseconds(250))
        if !read(socket, for: .seconds(5), &outcome), !stop.isRaised { outcome.noteEnd(.ended(.failed(EPIPE))) }
    }

    /// The packets in a binary frame (several from protocol version 10 on), their Errors noted.
    @discardableResult
    private func note(_ frame: WebSocketFrame, _ outcome: inout HostileOutcome) -> [Packet] {
        guard frame.opcode == WebSocketFrame.Opcode.binary.rawValue,
            let packets = try? Frame.decodeMessage(frame.payload).map(\.packet)
        else { return [] }
        for case .error(let code, _) in packets { outcome.noteError(code) }
        return packets
    }

    /// `count` frames of `packet`, back to back, to write at once.
    private static func batch(of packet: Packet, count: Int) -> [UInt8] {
        let frame = WebSocketFrame(.binary, Frame(number: nil, packet: packet).encoded()).encoded()
        return Array((0..<count).map { _ in frame }.joined())
    }
}
