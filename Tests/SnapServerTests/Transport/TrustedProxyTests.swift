import SnapProtocol
import SnapTestSupport
import Testing
@testable import SnapServer
import SnapServerTestSupport

/// Behind a proxy, the caps per address count the address the proxy forwards (``TrustedProxies``): raw sockets
/// send X-Forwarded-For to a real server that trusts their address (127.0.0.1, as nginx on the same machine),
/// and to one that trusts nobody.
@Suite(.timeLimit(.minutes(1)))
struct TrustedProxyTests {
    /// What the server answered a new game connection.
    enum Outcome: Equatable {
        /// Let in: asked to sign in.
        case admitted
        /// Refused with this error code.
        case refused(UInt16)
    }

    /// A server trusting the proxies `trusted` (none when empty), whose caps' connections never time out.
    static func server(trusting trusted: [String], _ configure: (inout SnapServerConfiguration) -> Void) async throws -> TestServer {
        let proxies = try TrustedProxies(trusted)
        return try await TestServer.start {
            $0.trustedProxies = proxies
            $0.signInTimeout = .seconds(600)
            $0.silenceLimit = .seconds(600)
            configure(&$0)
        }
    }

    /// Opens a game connection whose upgrade request has one X-Forwarded-For header for each of `forwardedFor`, and
    /// waits for the server's first word.
    static func connect(_ server: TestServer, forwardedFor: [String]) async throws -> (TCPProbe, Outcome) {
        let probe = try TCPProbe(port: server.port)
        probe.send(HandFrame.upgrade(extraHeaders: forwardedFor.map { ("X-Forwarded-For", $0) }))
        let outcome = try await outcome(on: probe, "the server's answer to \(forwardedFor)") { $0 == .signInRequest }
        return (probe, outcome)
    }

    /// Waits for the first packet on `probe` that says whether a request went through: one that `admits`, or an
    /// Error.
    static func outcome(
        on probe: TCPProbe, _ what: String, admittedBy admits: @escaping (Packet) -> Bool
    ) async throws -> Outcome {
        var outcome: Outcome?
        _ = await probe.waitFor { received in
            outcome = HandFrame.packets(in: received).lazy.compactMap { packet -> Outcome? in
                switch packet {
                case .error(let code, _): .refused(code)
                case _ where admits(packet): .admitted
                default: nil
                }
            }.first
            return outcome != nil
        }
        guard let outcome else { throw TimedOut(what: what) }
        return outcome
    }

    /// Two connections from this machine, each forwarding another address, to a server that must not believe
    /// them: both count as 127.0.0.1, so the second is refused.
    static func expectTheHeaderIgnored(trusting trusted: [String]) async throws {
        let server = try await Self.server(trusting: trusted) { $0.maximumConnectionsPerAddress = 1 }
        let (first, admitted) = try await Self.connect(server, forwardedFor: ["203.0.113.5"])
        #expect(admitted == .admitted)
        let (second, refused) = try await Self.connect(server, forwardedFor: ["203.0.113.6"])
        #expect(refused == Self.tooManyConnections)
        first.close()
        second.close()
        await server.stop()
    }

    static let tooManyConnections = Outcome.refused(WireErrorCode.tooManyConnectionsFromAddress.rawValue)

    @Test func connectionsThroughATrustedProxyAreCountedByTheForwardedAddress() async throws {
        let server = try await Self.server(trusting: ["127.0.0.1"]) { $0.maximumConnectionsPerAddress = 1 }
        var held: [TCPProbe] = []
        func expect(_ forwardedFor: [String], _ expected: Outcome, _ comment: Comment) async throws {
            let (probe, outcome) = try await Self.connect(server, forwardedFor: forwardedFor)
            #expect(outcome == expected, comment)
            held.append(probe)
        }
        try await expect(["203.0.113.5"], .admitted, "the first from one player")
        try await expect(["203.0.113.6"], .admitted, "another player behind the same proxy")
        try await expect(["203.0.113.5"], Self.tooManyConnections, "the first player again: its one is taken")
        // What a client wrote itself comes first; the proxy appends what it saw, and that is what counts.
        try await expect(["198.51.100.1, 203.0.113.5"], Self.tooManyConnections, "a made-up address in front")
        try await expect(["198.51.100.1", "203.0.113.7"], .admitted, "the last of several headers")
        // A trusted proxy in the chain (one proxy behind another) is passed over.
        try await expect(["203.0.113.8, 127.0.0.1"], .admitted, "the address before a second proxy")
        // One IPv6 address, however it is written.
        try await expect(["2001:db8::1"], .admitted, "an IPv6 player")
        try await expect(["2001:DB8:0:0::1"], Self.tooManyConnections, "the same IPv6 address written otherwise")
        // No header, or one that cannot be read: the proxy's own address, counted once.
        try await expect([], .admitted, "no header: the proxy itself")
        for malformed in ["not-an-address", "203.0.113.9, ", "203.0.113.9:4000", ""] {
            try await expect([malformed], Self.tooManyConnections, "'\(malformed)' counts as the proxy")
        }
        for probe in held { probe.close() }
        await server.stop()
    }

    @Test func withoutATrustedProxyTheHeaderIsIgnored() async throws {
        // A client cannot choose the address it is counted by.
        try await Self.expectTheHeaderIgnored(trusting: [])
    }

    @Test func aProxyThatIsNotTrustedIsNotBelieved() async throws {
        // Only 10.0.0.0/8 and ::1 are trusted: this connection from 127.0.0.1 is a client like any other.
        try await Self.expectTheHeaderIgnored(trusting: ["10.0.0.0/8", "::1"])
    }

    @Test func tablesThroughATrustedProxyAreCountedByTheForwardedAddress() async throws {
        let server = try await Self.server(trusting: ["127.0.0.1"]) { $0.maximumTablesPerAddress = 1 }
        /// Signs in through the proxy as `forwardedFor` and hosts a table: whether it was seated, or the refusal.
        func host(as forwardedFor: String, name: String) async throws -> (TCPProbe, Outcome) {
            let (probe, outcome) = try await Self.connect(server, forwardedFor: [forwardedFor])
            #expect(outcome == .admitted)
            probe.send(packet: .signInResponse(name: name))
            probe.send(packet: .hostTable(solo: false))
            let answer = try await Self.outcome(on: probe, "\(name)'s table") {
                if case .tableJoined = $0 { true } else { false }
            }
            return (probe, answer)
        }
        let (ann, annSeated) = try await host(as: "203.0.113.5", name: "Ann")
        #expect(annSeated == .admitted)
        let (bob, bobSeated) = try await host(as: "203.0.113.6", name: "Bob")
        #expect(bobSeated == .admitted, "another player behind the same proxy has a table of their own")
        let (cy, refused) = try await host(as: "203.0.113.5", name: "Cy")
        #expect(refused == .refused(WireErrorCode.tooManyTablesFromAddress.rawValue), "Ann's address has its table")
        for probe in [ann, bob, cy] { probe.close() }
        await server.stop()
    }

    @Test func aTrustedProxyIsNotHeldToTheSocketCapAtTheDoor() async throws {
        // Every player behind the proxy arrives from its address: the cap of sockets per address would let only
        // a handful of them in.
        let server = try await Self.server(trusting: ["127.0.0.1"]) { $0.maximumSocketsPerAddress = 2 }
        let idle = try (0..<4).map { _ in try TCPProbe(port: server.port) }
        let (player, outcome) = try await Self.connect(server, forwardedFor: ["203.0.113.5"])
        #expect(outcome == .admitted)
        #expect(idle.allSatisfy { !$0.isClosedByServer })
        for probe in idle + [player] { probe.close() }
        await server.stop()
    }
}
