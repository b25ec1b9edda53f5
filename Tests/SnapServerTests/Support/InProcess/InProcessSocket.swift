import NIOCore
import NIOEmbedded
import NIOWebSocket
import SnapNetworkTools
import SnapProtocol
import Synchronization
import SnapServerTestSupport

/// One connection to an ``InProcessServer``: a channel of NIO's own (`NIOAsyncTestingChannel`) with the server's
/// own WebSocket handlers and session on it, written to with client frames and read where the socket would be.
///
/// Its calls are a ``RawSocket``'s: whatever bytes a test likes go in, and every packet the server sends is kept.
/// Waiting for a packet runs the server (see ``InProcessServer/wait(_:advancing:until:)``) instead of a clock.
final class InProcessSocket: Sendable {
    private struct State {
        /// What arrived but does not make a whole frame yet.
        var partial: [UInt8] = []
        var messages: [[UInt8]] = []
        var frames: [Frame] = []
        var undecodable = 0
        var searched = 0
        var closeCode: WebSocketErrorCode?
        var closeReason: String?
        var isClosed = false
        /// Whether this client has sent its close frame (nothing more goes out after it).
        var sentClose = false
    }

    /// The channel the server's handlers are on.
    let channel: NIOAsyncTestingChannel
    private unowned let server: InProcessServer
    private let state = Mutex(State())

    init(channel: NIOAsyncTestingChannel, server: InProcessServer) {
        self.channel = channel
        self.server = server
    }

    /// Every packet received, decoded.
    var frames: [Frame] { state.withLock { $0.frames } }
    /// Every binary message received, as bytes.
    var messages: [[UInt8]] { state.withLock { $0.messages } }
    /// The binary messages received from the `index`th on.
    func messages(from index: Int) -> [[UInt8]] {
        state.withLock { state in index < state.messages.count ? Array(state.messages[index...]) : [] }
    }
    /// Binary messages that were not packets.
    var undecodable: Int { state.withLock { $0.undecodable } }
    /// The code of the server's close frame, once one came.
    var closeCode: WebSocketErrorCode? { state.withLock { $0.closeCode } }
    /// The reason in the server's close frame, once one came.
    var closeReason: String? { state.withLock { $0.closeReason } }
    /// Whether the connection has closed.
    var isClosed: Bool { state.withLock { $0.isClosed } }

    // MARK: - Sending

    /// Sends a packet, unnumbered.
    func send(_ packet: Packet) async {
        await sendBytes(Frame(number: nil, packet: packet).encoded())
    }

    /// Sends raw bytes as one binary frame.
    func sendBytes(_ bytes: [UInt8]) async {
        await send(opcode: .binary, bytes)
    }

    /// Sends a text frame.
    func sendText(_ text: String) async {
        await send(opcode: .text, Array(text.utf8))
    }

    /// Closes the connection as a client going away does: a close frame; the server answers and closes.
    func close() async {
        await send(opcode: .connectionClose, [0x03, 0xE9] + Array("gone".utf8))
    }

    /// Drops the connection without a word, as a lost network does.
    func drop() async {
        try? await channel.close()
        await server.loop.run()
    }

    /// Sends one masked frame, as a client must, and lets the server handle it.
    func send(opcode: WebSocketOpcode, _ bytes: [UInt8]) async {
        let open = state.withLock { state -> Bool in
            guard !state.isClosed, !state.sentClose else { return false }
            if opcode == .connectionClose { state.sentClose = true }
            return true
        }
        // As a client's frames are lost once its connection is closing.
        guard open else { return }
        _ = try? await channel.writeInbound(Self.clientFrame(opcode, bytes))
        await server.loop.run()
    }

    private static func clientFrame(_ opcode: WebSocketOpcode, _ bytes: [UInt8]) -> NIOWebSocket.WebSocketFrame {
        let key = WebSocketMaskingKey.random()
        var data = ByteBuffer(bytes: bytes)
        data.webSocketMask(key)
        return NIOWebSocket.WebSocketFrame(fin: true, opcode: opcode, maskKey: key, data: data)
    }

    // MARK: - Waiting

    /// Waits for a packet satisfying `condition`, after the last one found; with `advancing`, the clock moves from
    /// deadline to deadline meanwhile (see ``InProcessServer/wait(_:advancing:until:)``).
    @discardableResult
    func waitFor(_ what: String, advancing: Bool = false, _ condition: (Packet) -> Bool) async throws -> Packet {
        var found: Packet?
        try await server.wait(what, advancing: advancing) {
            found = state.withLock { state in
                guard let index = state.frames[state.searched...].firstIndex(where: { condition($0.packet) }) else { return nil }
                state.searched = index + 1
                return state.frames[index].packet
            }
            if found != nil { return true }
            if isClosed { throw Closed(what: what, code: closeCode) }
            return false
        }
        return found!
    }

    /// Waits for an error packet with this code; returns its message.
    func waitForError(_ code: UInt16) async throws -> String {
        let packet = try await waitFor("error \(code)") { if case .error(code, _) = $0 { true } else { false } }
        guard case .error(_, let message) = packet else { return "" }
        return message
    }

    /// Waits until the connection is closed.
    func waitForClose() async throws {
        try await server.wait("the connection to close") { isClosed }
    }

    /// The server closed the connection before what a test waited for came.
    struct Closed: Error, CustomStringConvertible {
        var what: String
        var code: WebSocketErrorCode?
        var description: String { "the connection closed (code \(code.map { "\($0)" } ?? "none")) before \(what)" }
    }

    // MARK: - What the server wrote (on the event loop)

    /// Takes bytes the server wrote; returns the close frame to answer with when the server's close frame came
    /// first.
    func received(_ buffer: ByteBuffer) -> NIOWebSocket.WebSocketFrame? {
        defer { server.arrivals.note() }
        return state.withLock { state in
            state.partial += buffer.readableBytesView
            var answer: NIOWebSocket.WebSocketFrame?
            while let (frame, length) = SnapNetworkTools.WebSocketFrame.parse(state.partial[...]) {
                state.partial.removeFirst(length)
                switch SnapNetworkTools.WebSocketFrame.Opcode(rawValue: frame.opcode) {
                case .binary:
                    state.messages.append(frame.payload)
                    if let decoded = try? Frame.decodeMessage(frame.payload) {
                        state.frames += decoded
                    } else {
                        state.undecodable += 1
                    }
                case .close:
                    state.closeCode = frame.closeCode.map { WebSocketErrorCode(codeNumber: Int($0)) }
                    state.closeReason = frame.closeReason
                    if !state.sentClose {
                        state.sentClose = true
                        answer = Self.clientFrame(.connectionClose, Array(frame.payload.prefix(2)))
                    }
                default:
                    break
                }
            }
            return answer
        }
    }

    /// The channel has closed.
    func closed() {
        state.withLock { $0.isClosed = true }
        server.arrivals.note()
    }
}
