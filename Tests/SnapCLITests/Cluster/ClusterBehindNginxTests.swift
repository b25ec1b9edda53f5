import Foundation
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing

/// Three `snap serve` nodes on one PostgreSQL database with nginx in front (``ClusterHarness``): players come in
/// through nginx, their tables land on different nodes, and whoever asks a node for a table it does not hold is
/// sent to the one that does. Everything is waited for with generous deadlines, never timed. One test at a time:
/// each runs several servers and nginx beside the rest of the suite.
@Suite(
    .startsPrograms,
    .enabled(if: TestPostgres.enabled, Comment(rawValue: TestPostgres.skipped)),
    .enabled(if: TestNginx.enabled, Comment(rawValue: TestNginx.skipped)),
    .serialized, .timeLimit(.minutes(6)))
struct ClusterBehindNginxTests {
    /// A player signed in at `url`, with its updates kept.
    static func player(_ name: String, at url: String) async throws -> (SnapClient, ClientUpdateLog) {
        let client = try await SnapClient.connect(to: url, name: name)
        return (client, await ClientUpdateLog.keeping(client))
    }

    /// Waits until the cluster's directory places table `code` on a node; that node.
    static func owner(of code: String, in cluster: ClusterHarness) async throws -> ClusterHarness.Node {
        var owner: ClusterHarness.Node?
        _ = try await Patience.wait {
            owner = try await cluster.owner(of: code)
            return owner != nil
        }
        return try #require(owner, "table \(code) on no node")
    }

    @Test func playersThroughNginxReachEveryNodesTablesAndNewOnesHostWhenANodeIsKilled() async throws {
        try await ClusterHarness.run(nodes: 3) { cluster in
            var clients: [SnapClient] = []
            #expect(try await cluster.get("/healthz") == (200, "ok\n"))
            // Through nginx, any node lists the cluster's nodes.
            let listed = try await Patience.wait {
                let body = try await cluster.get("/api/nodes").body
                let nodes = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]] ?? []
                return Set(nodes.compactMap { $0["url"] as? String }) == Set(cluster.nodes.map(\.url))
            }
            #expect(listed, "every node in /api/nodes")

            // Six tables hosted through nginx, which spreads the hosts over the nodes.
            var codes: [String] = []
            for number in 1...6 {
                let (host, _) = try await Self.player("Host \(number)", at: cluster.entryURL)
                clients.append(host)
                #expect(try await host.sitDown(at: nil) == .bottom)
                codes.append(try #require(await host.tableCode))
            }
            var owners: [String: ClusterHarness.Node] = [:]
            for code in codes { owners[code] = try await Self.owner(of: code, in: cluster) }
            #expect(Set(owners.values.map(\.number)).count > 1, "tables on more than one node: \(owners.mapValues(\.number))")
            // Every node lists every node's tables, so nginx's /api/tables has them all whichever node answers.
            let allListed = try await Patience.wait {
                let tables = try await cluster.get("/api/tables").body
                return codes.allSatisfy { tables.contains($0) }
            }
            #expect(allListed, "every table in /api/tables through nginx")

            // A guest through nginx sits at each table, wherever nginx took them first.
            for code in codes {
                let (guest, _) = try await Self.player("Guest", at: cluster.entryURL)
                clients.append(guest)
                #expect(try await guest.sitDown(at: code) == .top)
                #expect(await guest.tableCode == code)
            }

            // Through a node that does not hold the table (nginx's /nodes/N/ws), a player and a watcher are sent to
            // the node that does, and seated or shown the table there.
            for code in codes.prefix(3) {
                let owner = try #require(owners[code])
                let other = try #require(cluster.nodes.first { $0.number != owner.number })
                let (player, playerLog) = try await Self.player("Cy", at: cluster.pathURL(ofNode: other.number))
                clients.append(player)
                #expect(try await player.sitDown(at: code) == .left)
                #expect(await playerLog.redirects.map(\.url) == [owner.url], "\(code): to node \(owner.number)")
                let (watcher, watcherLog) = try await Self.player("Eve", at: cluster.pathURL(ofNode: other.number))
                clients.append(watcher)
                try await watcher.watch(code: code)
                #expect(await watcherLog.waitFor { if case .snapshot(let view) = $0 { view.viewer == nil } else { false } })
                #expect(await watcherLog.redirects.map(\.url) == [owner.url], "\(code): to node \(owner.number)")
                #expect(await watcher.isWatching)
            }

            // A node holding a table is killed outright: nginx answers on, and new players still host through it
            // (on the nodes left).
            let victim = try #require(owners[codes[0]])
            await cluster.kill(node: victim.number)
            let healthy = await Patience.wait { (try? await cluster.get("/healthz"))?.status == 200 }
            #expect(healthy, "nginx's /healthz with node \(victim.number) dead")
            for number in 1...4 {
                let (host, _) = try await Self.player("Late \(number)", at: cluster.entryURL)
                clients.append(host)
                #expect(try await host.sitDown(at: nil) == .bottom)
                let code = try #require(await host.tableCode)
                let owner = try await Self.owner(of: code, in: cluster)
                #expect(owner.number != victim.number)
            }
            for client in clients { await client.disconnect() }
        }
    }

    @Test func theNodesCountEachPlayerByTheAddressNginxForwards() async throws {
        // One node, one table per address: players nginx says come from different addresses each host one.
        try await ClusterHarness.run(nodes: 1, arguments: ["--max-tables-per-address", "1"]) { cluster in
            let port = cluster.nginxPort
            var probes: [TCPProbe] = []
            func host(path: String = "/ws", claiming forwardedFor: String?) async throws -> Packet {
                let probe = try TCPProbe(port: port)
                probes.append(probe)
                probe.send(HandFrame.upgrade(path: path, extraHeaders: forwardedFor.map { [("X-Forwarded-For", $0)] } ?? []))
                let asked = await probe.waitFor { HandFrame.packets(in: $0).contains(.signInRequest) }
                #expect(asked, "asked to sign in through nginx")
                for packet in [Packet.signInResponse(name: "Ann"), .hostTable(solo: false)] {
                    probe.send(HandFrame.frame(opcode: 2, payload: Frame(number: nil, packet: packet).encoded()))
                }
                var answer: Packet?
                _ = await probe.waitFor { received in
                    answer = HandFrame.packets(in: received).first {
                        if case .tableJoined = $0 { true } else if case .error = $0 { true } else { false }
                    }
                    return answer != nil
                }
                return try #require(answer, "an answer through nginx for \(forwardedFor ?? "no header")")
            }
            func isSeated(_ packet: Packet) -> Bool { if case .tableJoined = packet { true } else { false } }
            func isRefused(_ packet: Packet) -> Bool {
                if case .error(let code, _) = packet { code == WireErrorCode.tooManyTablesFromAddress.rawValue } else { false }
            }
            let first = try await host(claiming: "203.0.113.5")
            #expect(isSeated(first))
            let second = try await host(claiming: "203.0.113.6")
            #expect(isSeated(second), "another address behind nginx")
            let nginxOwn = try await host(claiming: nil)
            #expect(isSeated(nginxOwn), "nginx's own client address, 127.0.0.1")
            let firstAgain = try await host(claiming: "203.0.113.5")
            #expect(isRefused(firstAgain), "the first address has its table")
            // The node's own path through nginx forwards it too.
            let secondByPath = try await host(path: "/nodes/1/ws", claiming: "203.0.113.6")
            #expect(isRefused(secondByPath), "the second address has its table")
            let nginxOwnAgain = try await host(claiming: nil)
            #expect(isRefused(nginxOwnAgain), "127.0.0.1 has its table")
            for probe in probes { probe.close() }
        }
    }

    @Test func theLoadBenchmarkPlaysThroughNginxFollowingRedirects() async throws {
        let nodeArguments = ["--speed", "10", "--round", "classic", "--turn-time", "off"]
        try await ClusterHarness.run(nodes: 3, arguments: nodeArguments) { cluster in
            let result = try await SnapBinary.bench([
                // As short as LoadBenchCommandTests' runs: a second of play, the tables opened at once.
                "load", "--url", cluster.entryURL, "--tables", "6", "--duration", "1", "--ramp", "0",
                "--speed", "10", "--json",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let report = try result.jsonObject()
            #expect(report["clients_connected"] as? Int == 24)
            #expect(report["clients_failed"] as? Int == 0)
            #expect(report["protocol_errors"] as? Int == 0)
            #expect(report["cards_conserved"] as? Bool == true)
            #expect((report["actions"] as? Int ?? 0) > 0, "the bots played")
            // Joiners that nginx took to another node than their host's were sent on to it.
            #expect((report["redirects"] as? Int ?? 0) > 0, "\(result.stdout)")
        }
    }
}
