import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket
import SnapProtocol
import SnapTestSupport

/// A bare WebSocket connection that sends whatever bytes a test likes and keeps every frame it receives.
actor RawSocket {
    private(set) var frames: [Frame] = []
    /// When each frame arrived.
    private(set) var arrivals: [ContinuousClock.Instant] = []
    private var searched = 0
    private(set) var undecodable = 0
    private(set) var closeCode: WebSocketErrorCode?
    private(set) var isClosed = false
    private var outbound: WebSocketOutboundWriter?
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

    /// Opens the connection without waiting for anything (see ``connect(_:)`` for one that waits to be asked
    /// to sign in).
    func start(url: String) {
        task = Task {
            let close = try? await WebSocketClient.connect(
                url: url, configuration: .init(maxFrameSize: 1 << 16), logger: Logger(label: "raw")
            ) { inbound, outbound, _ in
                await self.opened(outbound)
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    if case .binary(let buffer) = message { await self.received(Array(buffer.readableBytesView)) }
                }
            }
            self.closed(close?.closeCode)
        }
    }

    private func opened(_ outbound: WebSocketOutboundWriter) { self.outbound = outbound }
    private func closed(_ code: WebSocketErrorCode?) {
        closeCode = code
        isClosed = true
    }

    private func received(_ bytes: [UInt8]) {
        if let frame = try? Frame.decode(bytes) {
            frames.append(frame)
            arrivals.append(.now)
        } else {
            undecodable += 1
        }
    }

    /// Closes the connection as a client going away would.
    func close() async {
        try? await outbound?.close(.goingAway, reason: "gone")
    }

    /// Sends a packet, unnumbered.
    func send(_ packet: Packet) async {
        await sendBytes(Frame(number: nil, packet: packet).encoded())
    }

    /// Sends raw bytes as one binary frame.
    func sendBytes(_ bytes: [UInt8]) async {
        try? await outbound?.write(.binary(ByteBuffer(bytes: bytes)))
    }

    /// Sends a text frame.
    func sendText(_ text: String) async {
        try? await outbound?.write(.text(text))
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
}
