import Foundation
import SnapTestSupport
import Testing

@testable import SnapServer
import SnapServerTestSupport

@Suite struct ServerLinksTests {
    @Test func aServerOnEveryInterfaceSharesItsLANAddressesNeverLoopback() {
        let links = ServerLinks(host: "0.0.0.0", port: 8080, addresses: ["192.168.1.20", "10.0.0.7"])
        #expect(links.links == ["http://192.168.1.20:8080/", "http://10.0.0.7:8080/"])
        #expect(links.join == "http://192.168.1.20:8080/")
        #expect(links.table("KXPT") == "http://192.168.1.20:8080/?t=KXPT")
    }

    @Test func aMachineWithNoLANAddressSharesLoopback() {
        #expect(ServerLinks(host: "0.0.0.0", port: 18433, addresses: []).join == "http://127.0.0.1:18433/")
    }

    @Test func aServerOnOneAddressSharesThatOne() {
        #expect(ServerLinks(host: "127.0.0.1", port: 9, addresses: ["192.168.1.20"]).links == ["http://127.0.0.1:9/"])
        #expect(ServerLinks(host: "fe80::1", port: 9, addresses: []).join == "http://[fe80::1]:9/")
    }

    @Test func homeNetworksComeBeforeContainerBridgesAndLinkLocal() {
        typealias Interface = NetworkAddresses.Interface
        let ranked = NetworkAddresses.rankedForPlayers([
            Interface(name: "docker0", address: "172.17.0.1"),
            Interface(name: "eth1", address: "169.254.3.4"),
            Interface(name: "tailscale0", address: "100.101.102.103"),
            Interface(name: "eth0", address: "10.1.2.3"),
            Interface(name: "wlan0", address: "192.168.1.20"),
            Interface(name: "en5", address: "203.0.113.9"),
        ])
        #expect(ranked.map(\.address) == [
            "192.168.1.20", "10.1.2.3", "203.0.113.9", "169.254.3.4", "172.17.0.1", "100.101.102.103",
        ])
    }
}

@Suite struct LANEndpointTests {
    @Test func theServerTellsThePageItsLinks() async throws {
        let server = try await TestServer.start()
        let (status, body) = try await server.get("/api/server")
        #expect(status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect(json["join"] as? String == "http://127.0.0.1:\(server.port)/")
        #expect(json["links"] as? [String] == ["http://127.0.0.1:\(server.port)/"])
        #expect(json["qr"] as? Bool == (QRReader.encoderInstalled))
        await server.stop()
    }

    @Test func aTablesCodeIsAnSVGOfItsJoinLink() async throws {
        let server = try await TestServer.start()
        let host = try await TestPlayer.connect(server, name: "Host")
        await host.client.hostTable()
        let (code, _) = try await host.joined()
        let (status, body) = try await server.get("/api/tables/\(code.lowercased())/qr.svg")
        guard QRReader.encoderInstalled else {
            #expect(status == 503)
            #expect(body.contains("http://127.0.0.1:\(server.port)/?t=\(code)"))
            return await server.stop()
        }
        #expect(status == 200)
        #expect(body.hasPrefix("<svg "))
        #expect(body.contains("<title>Join table \(code) at http://127.0.0.1:\(server.port)/?t=\(code)</title>"))
        await server.stop()
    }

    @Test(arguments: ["ZZZZ", "abc", "KXPT%00", "%3Cscript%3E"])
    func anUnknownOrMalformedCodeIsNotFound(code: String) async throws {
        let server = try await TestServer.start()
        let (status, body) = try await server.get("/api/tables/\(code)/qr.svg")
        #expect(status == 404)
        // A code with a control character is refused before it reaches the endpoint, with no body at all.
        #expect(body.isEmpty || body.contains(#"{"error":{"message":"There is no table "#), "\(body)")
        #expect(!body.contains("<"), "nothing typed comes back as markup: \(body)")
        await server.stop()
    }
}
