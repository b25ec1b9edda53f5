import SnapProtocol
import SnapTestSupport
import SnapServerTestSupport

extension TCPProbe {
    /// A WebSocket client by hand, signed in as `name`: the probe and the reconnection token from Welcome.
    static func signedIn(_ server: TestServer, name: String, receiveBuffer: Int32? = nil) async throws -> (TCPProbe, String) {
        let probe = try TCPProbe(port: server.port, receiveBuffer: receiveBuffer)
        probe.send(HandFrame.upgrade())
        probe.send(packet: .signInResponse(name: name))
        var token: String?
        _ = await probe.waitFor {
            token = HandFrame.packets(in: $0).lazy.compactMap { if case .welcome(_, _, let token) = $0 { token } else { nil } }.first
            return token != nil
        }
        guard let token else { throw TimedOut(what: "Welcome for \(name)") }
        return (probe, token)
    }

    /// Sends a packet in a masked binary frame.
    @discardableResult
    func send(packet: Packet) -> Int {
        send(HandFrame.frame(opcode: 2, payload: Frame(number: nil, packet: packet).encoded()))
    }

    /// The Snap! packets received so far.
    var packets: [Packet] { HandFrame.packets(in: received) }
}
