import Foundation
import enum NIOWebSocket.WebSocketErrorCode
import SnapNetworkTools
import SnapCore
import SnapProtocol
import SnapTestSupport
import SnapServerTestSupport

/// A bare WebSocket connection that sends whatever bytes a test likes and keeps every frame it receives: the
/// benchmarks' raw client (``RawWebSocket``), read on a thread of its own so that a frame's arrival is stamped
/// when it comes.
actor RawSocket {
    private(set) var frames: [Frame] = []
    /// When each frame arrived.
    private(set) var arrivals: [ContinuousClock.Instant] = []
    private var searched = 0
    private(set) var undecodable = 0
    private(set) var closeCode: WebSocketErrorCode?
    private(set) var isClosed = false
    private let link = Link()
    private var task: Task<Void, Never>?

    static func connect(_ server: TestServer) async throws -> RawSocket {
        let socket = RawSocket()
        await socket.start(url: server.url)
        let asked = await Patience.wait {
            if await socket.frames.first?.packet == .signInRequest { return true }
            return await socket.isClosed
        }
        if await socket.frames.first?.packet == .signInRequest { return socket }
        if asked { throw Closed(what: "the sign-in request", code: await socket.closeCode) }
        throw TimedOut(what: "the sign-in request")
    }

    /// Opens the connection to `url` (ws://127.0.0.1:PORT/ws) without waiting for anything (see ``connect(_:)``
    /// for one that waits to be asked to sign in).
    func start(url: String) {
        let (events, sink) = AsyncStream.makeStream(of: Event.self)
        let link = link
        let port = URL(string: url)?.port ?? 80
        Thread.detachNewThread { link.run(port: port, sink: sink) }
        task = Task {
            for await event in events { self.handle(event) }
        }
    }

    private func handle(_ event: Event) {
        switch event {
        case .binary(let bytes, let arrival):
            if let decoded = try? Frame.decodeMessage(bytes) {
                frames += decoded
                arrivals += decoded.map { _ in arrival }
            } else {
                undecodable += 1
            }
        case .closed(let code):
            closeCode = code.map { WebSocketErrorCode(codeNumber: Int($0)) }
            isClosed = true
        }
    }

    /// Closes the connection as a client going away would: a close frame, and the server's answer awaited.
    func close() async {
        link.send(WebSocketFrame.close(code: 1001, reason: "gone"))
    }

    /// Sends a packet, unnumbered.
    func send(_ packet: Packet) async {
        await sendBytes(Frame(number: nil, packet: packet).encoded())
    }

    /// Sends raw bytes as one binary frame.
    func sendBytes(_ bytes: [UInt8]) async {
        link.send(WebSocketFrame(.binary, bytes))
    }

    /// Sends a text frame.
    func sendText(_ text: String) async {
        link.send(WebSocketFrame(.text, Array(text.utf8)))
    }

    /// Waits for a packet satisfying `condition`, after the last one found.
    @discardableResult
    func waitFor(_ what: String, _ condition: (Packet) -> Bool) async throws -> Packet {
        let deadline = ContinuousClock.now + Patience.deadline
        while true {
            if let index = frames[searched...].firstIndex(where: { condition($0.packet) }) {
                searched = index + 1
                return frames[index].packet
            }
            if isClosed { throw Closed(what: what, code: closeCode) }
            guard ContinuousClock.now < deadline else { throw TimedOut(what: what) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits for an error packet with this code; returns its message.
    func waitForError(_ code: UInt16) async throws -> String {
        let packet = try await waitFor("error \(code)") { if case .error(code, _) = $0 { true } else { false } }
        guard case .error(_, let message) = packet else { return "" }
        return message
    }

    /// Waits until the server closes the connection.
    func waitForClose() async throws {
        guard await Patience.wait(until: { isClosed }) else { throw TimedOut(what: "the connection to close") }
    }

    /// The server closed the connection before what a test waited for came.
    struct Closed: Error, CustomStringConvertible {
        var what: String
        var code: WebSocketErrorCode?
        var description: String { "the connection closed (code \(code.map { "\($0)" } ?? "none")) before \(what)" }
    }

    /// What the reading thread saw.
    private enum Event: Sendable {
        /// A binary message, and when it arrived.
        case binary([UInt8], ContinuousClock.Instant)
        /// The connection ended: the server's close code, if it sent a close frame with one.
        case closed(UInt16?)
    }

    /// The connection, shared by the reading thread and the actor's writes; a lock keeps one frame's bytes
    /// together and the socket open while they are written.
    private final class Link: @unchecked Sendable {
        private let lock = NSLock()
        private var socket: RawWebSocket?
        private var sentClose = false

        /// Writes `frame`, when the connection is open; as a client's frames are dropped before it opens.
        func send(_ frame: WebSocketFrame) {
            lock.withLock {
                guard let socket, !sentClose else { return }
                if frame.opcode == WebSocketFrame.Opcode.close.rawValue { sentClose = true }
                socket.send(frame)
            }
        }

        /// Connects, then reads until the connection ends, telling `sink` what comes.
        func run(port: Int, sink: AsyncStream<Event>.Continuation) {
            defer { sink.finish() }
            guard let socket = try? RawWebSocket(port: port) else {
                sink.yield(.closed(nil))
                return
            }
            lock.withLock { self.socket = socket }
            defer { lock.withLock { socket.close() } }
            while true {
                switch socket.receive(timeout: .milliseconds(250)) {
                case .frame(let frame) where frame.opcode == WebSocketFrame.Opcode.binary.rawValue:
                    sink.yield(.binary(frame.payload, .now))
                case .frame(let frame) where frame.opcode == WebSocketFrame.Opcode.ping.rawValue:
                    send(WebSocketFrame(.pong, frame.payload))
                case .frame, .nothing:
                    continue
                case .closed(let code, _):
                    // Answer the server's close frame as a client does, then hang up.
                    send(WebSocketFrame.close(code: code ?? 1000))
                    sink.yield(.closed(code))
                    return
                case .ended:
                    sink.yield(.closed(nil))
                    return
                }
            }
        }
    }
}

extension RawSocket {
    /// A player signed in on a bare WebSocket.
    struct Player {
        let socket: RawSocket
        let id: PlayerID
        let token: String
    }

    /// Signs in on a bare WebSocket to `server`, speaking `version`.
    static func signIn(_ name: String, on server: TestServer, version: UInt8 = classicProtocolVersion) async throws -> Player {
        let socket = try await RawSocket.connect(server)
        await socket.send(.hello(version: version))
        await socket.send(.signInResponse(name: name))
        guard case .welcome(_, let id, let token) = try await socket.waitFor("welcome", { if case .welcome = $0 { true } else { false } })
        else { throw TimedOut(what: "welcome") }
        return Player(socket: socket, id: id, token: token)
    }
}
