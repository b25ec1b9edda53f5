import Foundation
import SnapProtocol
import SnapTestSupport
import Testing
@testable import SnapServer
import SnapServerTestSupport

/// What reaches the server below the game — idle sockets, broken HTTP, broken upgrades, frames that break
/// RFC 6455 — gets a deadline, a status or a close code, and never holds a socket open for nothing.
@Suite struct ServerTransportTests {
    @Test func idleSocketsAndHalfRequestsAreClosedAfterTheRequestTimeout() async throws {
        // Long enough that a busy machine reads a request that came at once before the deadline closes its socket.
        let server = try await TestServer.start { $0.requestTimeout = .seconds(1) }
        let idle = try (0..<20).map { _ in try TCPProbe(port: server.port) }
        let halves = try (0..<20).map { _ in try TCPProbe(port: server.port) }
        for half in halves { half.send("GET / HTTP/1.1\r\nHost: x\r\n") }
        for probe in idle + halves { #expect(await probe.waitForClose(), "a socket stayed open") }
        // A request answered before its body has come is closed when the rest of the body does not come.
        let slow = try TCPProbe(port: server.port)
        slow.send("GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
        #expect(await slow.waitForClose())
        #expect(slow.status == 200)
        // And the server still answers, on a connection of its own (a pooled one may have just been closed). The
        // deadline rightly closes a connection whose request a busy machine did not read within its second, so a
        // connection closed unanswered is tried again: a server that stopped answering answers none of three.
        var answered = false
        for _ in 0..<3 where !answered {
            let after = try TCPProbe(port: server.port)
            after.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            answered = await after.waitFor { String(decoding: $0, as: UTF8.self).hasSuffix("ok\n") } && after.status == 200
        }
        #expect(answered, "the server no longer answers after the idle sockets and half requests")
        await server.stop()
    }

    @Test func aKeptAliveConnectionIsClosedWhenItsNextRequestDoesNotCome() async throws {
        // Long enough for a busy machine to answer the first request before the deadline closes the socket.
        let server = try await TestServer.start { $0.requestTimeout = .seconds(2) }
        let probe = try TCPProbe(port: server.port)
        probe.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await probe.waitFor { String(decoding: $0, as: UTF8.self).hasSuffix("ok\n") })
        #expect(probe.status == 200)
        #expect(await probe.waitForClose())
        await server.stop()
    }

    @Test func aConnectionPipeliningRequestsAsFastAsItCanGets429() async throws {
        let server = try await TestServer.start()
        let probe = try TCPProbe(port: server.port)
        probe.send(String(repeating: "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", count: 200))
        #expect(await probe.waitForClose())
        #expect(probe.text.contains("HTTP/1.1 429 Too Many Requests"))
        #expect(probe.text.components(separatedBy: "HTTP/1.1 200").count - 1 >= 20)
        await server.stop()
    }

    @Test(arguments: [
        ("BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n", 501),
        ("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}", 501),  // the start of a TLS hello
        ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X-A: b\r\n", count: 2_000) + "\r\n", 431),
        ("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 1 << 20) + "\r\n\r\n", 431),
        ("GET /" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", 431),
        ("GET /" + String(repeating: "a", count: 3_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        ("GET /index.html%00.js HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    ])
    func requestsThatCannotBeServedGetAStatusThatSaysWhy(request: String, status: Int) async throws {
        let server = try await TestServer.start()
        let probe = try TCPProbe(port: server.port)
        probe.send(request)
        #expect(await probe.waitFor { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") })
        #expect(probe.status == status, "\(probe.text.prefix(80))")
        await server.stop()
    }

    @Test(arguments: [
        (HandFrame.upgrade(key: nil), 400, "Sec-WebSocket-Key"),
        (HandFrame.upgrade(key: "x"), 400, "Sec-WebSocket-Key"),
        (HandFrame.upgrade(key: "dGhlIHNhbXBsZSBub25jZQ"), 400, "Sec-WebSocket-Key"),
        (HandFrame.upgrade(version: nil), 426, "version 13"),
        (HandFrame.upgrade(version: "8"), 426, "version 13"),
        (HandFrame.upgrade(path: "/socket"), 404, "/ws"),
    ])
    func brokenUpgradesAreAnsweredNotDropped(request: String, status: Int, says: String) async throws {
        let server = try await TestServer.start()
        let probe = try TCPProbe(port: server.port)
        probe.send(request)
        #expect(await probe.waitForClose())
        #expect(probe.status == status)
        #expect(probe.text.contains(says), "\(probe.text)")
        if status == 426 { #expect(probe.text.contains("Sec-WebSocket-Version: 13")) }
        await server.stop()
    }

    @Test(arguments: [
        ("an unmasked frame", [HandFrame.frame(opcode: 2, payload: [1, 2, 3], masked: false)], 1002),
        ("text that is not UTF-8", [HandFrame.frame(opcode: 1, payload: [0x61, 0xC3, 0x28])], 1007),
        ("a close reason that is not UTF-8", [HandFrame.frame(opcode: 8, payload: [0x03, 0xE8, 0xFF, 0xFE])], 1007),
        ("a continuation with nothing begun", [HandFrame.frame(opcode: 0, payload: [1])], 1002),
        ("a new message inside a fragmented one",
            [HandFrame.frame(opcode: 2, fin: false, payload: [1]), HandFrame.frame(opcode: 2, payload: [2])], 1002),
        ("a fragmented message over 4 KiB",
            (0..<5).map { HandFrame.frame(opcode: $0 == 0 ? 2 : 0, fin: $0 == 4, payload: [UInt8](repeating: 7, count: 1_000)) },
            1009),
        ("a frame over 4 KiB", [HandFrame.frame(opcode: 2, payload: [UInt8](repeating: 7, count: 5_000))], 1009),
        ("a flood of pings", (0..<100).map { _ in HandFrame.frame(opcode: 9, payload: [1]) }, 1008),
        // RFC 6455 §5.2: no extension is negotiated, so RSV1–3 must be 0; §5.2 again: reserved opcodes; §5.5: control
        // frames carry at most 125 bytes and are never fragmented.
        ("RSV1 set", [Self.reserved(0x40, HandFrame.frame(opcode: 2, payload: [1]))], 1002),
        ("RSV2 set", [Self.reserved(0x20, HandFrame.frame(opcode: 2, payload: [1]))], 1002),
        ("RSV3 set", [Self.reserved(0x10, HandFrame.frame(opcode: 2, payload: [1]))], 1002),
        ("RSV1 on a ping", [Self.reserved(0x40, HandFrame.frame(opcode: 9, payload: [1]))], 1002),
        ("a reserved data opcode", [HandFrame.frame(opcode: 3, payload: [1])], 1002),
        ("a reserved control opcode", [HandFrame.frame(opcode: 0xB, payload: [1])], 1002),
        ("a ping over 125 bytes", [HandFrame.frame(opcode: 9, payload: [UInt8](repeating: 1, count: 126))], 1002),
        ("a fragmented ping", [HandFrame.frame(opcode: 9, fin: false, payload: [1])], 1002),
    ])
    func framesThatBreakRFC6455CloseWithItsCode(what: String, frames: [[UInt8]], code: UInt16) async throws {
        let server = try await TestServer.start()
        let probe = try TCPProbe(port: server.port)
        probe.send(HandFrame.upgrade())
        #expect(await probe.waitFor { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") })
        #expect(probe.status == 101)
        for frame in frames { probe.send(frame) }
        #expect(await probe.waitForClose(), "\(what): still open")
        #expect(HandFrame.closeCode(in: probe.received) == code, "\(what)")
        #expect(try await server.get("/healthz").status == 200)
        await server.stop()
    }

    /// `frame` with the reserved bits `bits` (0x40 RSV1, 0x20 RSV2, 0x10 RSV3) of its first byte set.
    static func reserved(_ bits: UInt8, _ frame: [UInt8]) -> [UInt8] {
        var frame = frame
        frame[0] |= bits
        return frame
    }

    @Test func aWellFormedFragmentedPacketIsRead() async throws {
        let server = try await TestServer.start()
        let probe = try TCPProbe(port: server.port)
        probe.send(HandFrame.upgrade())
        let bytes = Frame(number: nil, packet: .signInResponse(name: "Frag")).encoded()
        probe.send(HandFrame.frame(opcode: 2, fin: false, payload: Array(bytes.prefix(5))))
        probe.send(HandFrame.frame(opcode: 9, payload: [1]))  // a ping may come between the fragments
        probe.send(HandFrame.frame(opcode: 0, payload: Array(bytes.dropFirst(5))))
        #expect(await probe.waitFor { HandFrame.packets(in: $0).contains { if case .welcome = $0 { true } else { false } } })
        #expect(HandFrame.frames(in: probe.received).contains { $0.opcode == 10 && $0.payload == [1] }, "no pong")
        #expect(!probe.isClosedByServer)
        await server.stop()
    }
}
