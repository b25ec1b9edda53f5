import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing
@testable import SnapServer
import SnapServerTestSupport

/// Garbage, oversized frames and text frames never crash the server or touch a table.
@Suite struct ServerDefenceTests {
    @Test func garbageGetsATypedErrorAndTooMuchOfItClosesTheConnection() async throws {
        let server = try await TestServer.start()
        let raw = try await RawSocket.connect(server)
        await raw.sendBytes([1, 2, 3])
        #expect(try await raw.waitForError(WireErrorCode.malformedPacket.rawValue).contains("10-byte header"))
        await raw.sendBytes(Array("SNAQ".utf8) + [0, 0, 0, 0, 0, 0x64])
        #expect(try await raw.waitFor("magic") { if case .error(_, let m) = $0 { m.contains("SNAP") } else { false } } != .resumed)
        await raw.sendText("hello")
        #expect(try await raw.waitFor("text") { if case .error(_, let m) = $0 { m.contains("binary") } else { false } } != .resumed)
        var generator = SplitMix64(seed: 3)
        for _ in 0..<10 {
            await raw.sendBytes((0..<Int.random(in: 0..<40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
        try await raw.waitForClose()
        #expect(await raw.closeCode == .protocolError)
        // The server is still fine.
        #expect(try await server.get("/healthz").status == 200)
        await server.stop()
    }

    @Test func anOversizedFrameClosesTheConnection() async throws {
        let server = try await TestServer.start()
        let raw = try await RawSocket.connect(server)
        await raw.sendBytes(Frame(number: nil, packet: .signInResponse(name: "x")).encoded() + [UInt8](repeating: 0, count: 10_000))
        try await raw.waitForClose()
        #expect(try await server.get("/healthz").status == 200)
        await server.stop()
    }

    @Test func malformedPacketsAtATableChangeNothing() async throws {
        let server = try await TestServer.start(speed: 1)
        let host = try await TestPlayer.connect(server, name: "Host")
        await host.client.hostTable(solo: true)
        let (code, _) = try await host.joined()
        await host.client.sendRaw(Array("SNAP".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x6D, 0x41])
        _ = try await host.expectRefusal(WireErrorCode.malformedPacket.rawValue)
        #expect(await server.table(code)?.cardsAccountedFor == true)
        #expect(await host.client.view?.occupiedSeats.count == 4)
        await server.stop()
    }

    @Test func httpEndpointsAnswer() async throws {
        let server = try await TestServer.start()
        let host = try await TestPlayer.connect(server, name: "Ann")
        await host.client.hostTable()
        let (code, _) = try await host.joined()
        let solo = try await TestPlayer.connect(server, name: "Solo")
        await solo.client.hostTable(solo: true)
        try await solo.joined()
        #expect(try await server.get("/healthz") == (200, "ok\n"))
        let tables = try await server.get("/api/tables")
        #expect(tables.status == 200)
        #expect(tables.body == #"[{"code":"\#(code)","host":"Ann","players":1,"round_under_way":false,"seats_free":3}]"#)
        #expect(try await server.get("/").body.contains("<title>Snap!</title>"))
        let names = ["snap_connections", "snap_tables 2", "snap_packets_in_total", "snap_packets_out_total",
                     "snap_round_trip_seconds_count", "snap_event_latency_seconds"]
        // The round trips are there once a ping has been answered.
        var metrics = ""
        _ = try await Patience.wait {
            metrics = try await server.get("/metrics").body
            return names.allSatisfy(metrics.contains)
        }
        for name in names {
            #expect(metrics.contains(name), "missing \(name)")
        }
        await server.stop()
    }
}
