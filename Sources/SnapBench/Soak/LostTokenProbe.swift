import Foundation
import SnapNetworkTools
import SnapProtocol

/// An honest client that lost its token: it asks for its seat back with a token the server never gave out, and
/// must be told `unknownToken` (109) — nothing else. Blocking: run it on a thread of its own.
enum LostTokenProbe {
    /// What happened.
    enum Result: Equatable, Sendable {
        /// Refused with unknownToken, as it should be.
        case refusedAsExpected
        /// Anything else, said in a few words.
        case unexpected(String)
    }

    /// Asks the server on `port` to reconnect a token nobody has.
    static func run(port: Int) -> Result {
        let socket: RawWebSocket
        do {
            socket = try RawWebSocket(port: port)
        } catch {
            return .unexpected("could not connect: \(error)")
        }
        defer { socket.close(code: 1000) }
        socket.send(.hello(version: Wire.version))
        socket.send(
            .reconnect(token: (0..<4).map { _ in String(UInt32.random(in: 0...UInt32.max), radix: 16) }.joined()))
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            switch socket.receive(timeout: .seconds(1)) {
            case .frame(let frame):
                guard frame.opcode == WebSocketFrame.Opcode.binary.rawValue else { continue }
                guard let packets = try? Frame.decodeMessage(frame.payload).map(\.packet) else {
                    return .unexpected("an undecodable packet")
                }
                for packet in packets {
                    switch packet {
                    case .error(WireErrorCode.unknownToken.rawValue, _): return .refusedAsExpected
                    case .error(let code, _): return .unexpected("error \(ErrorCodeName.of(code))")
                    case .signInRequest, .ping: continue
                    default: return .unexpected("an unexpected packet")
                    }
                }
            case .nothing:
                continue
            case .closed(let code, let reason):
                return .unexpected("closed \(code.map(String.init) ?? "") \(reason)")
            case .ended:
                return .unexpected("the connection ended")
            }
        }
        return .unexpected("no answer within 10 seconds")
    }
}
