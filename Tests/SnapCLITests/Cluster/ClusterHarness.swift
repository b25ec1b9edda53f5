#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SnapPostgres
import SnapStore
import SnapTestSupport

/// A cluster as it runs for real: `snap serve --node-url` processes on loopback ports sharing a PostgreSQL database
/// of their own, and nginx in front of them (``TestNginx``, deploy/nginx/snap.conf). Players reach every node through
/// nginx at ``entryURL``, node N alone through nginx at ``pathURL(ofNode:)``, and node N directly at its own
/// ``Node/url`` (its `--node-url`, where Redirects send players).
///
/// ```swift
/// try await ClusterHarness.run(nodes: 3) { cluster in
///     let client = try await SnapClient.connect(to: cluster.entryURL, name: "Ann")
///     …
///     await cluster.kill(node: 1)
/// }
/// ```
final class ClusterHarness {
    /// One `snap serve` node.
    final class Node {
        /// 1 for the first: nginx reaches it alone at /nodes/N/ws.
        let number: Int
        let port: Int
        fileprivate let server: SnapBinary.Server
        /// Whether it has been killed or stopped.
        fileprivate(set) var isDown = false

        /// Its `--node-url`: where players reach it without nginx.
        var url: String { "ws://127.0.0.1:\(port)/ws" }

        fileprivate init(number: Int, port: Int, server: SnapBinary.Server) {
            self.number = number
            self.port = port
            self.server = server
        }

        /// What it wrote to standard error so far.
        var errors: String { server.errorText() }
    }

    /// The database the nodes share, and its directory of nodes and tables.
    let database: PostgresAddress
    let directory: PostgresCluster
    let nodes: [Node]
    /// nginx's address: http://127.0.0.1:PORT.
    let nginx: String
    private let nginxFolder: URL

    private init(database: PostgresAddress, directory: PostgresCluster, nodes: [Node], nginx: String, nginxFolder: URL) {
        self.database = database
        self.directory = directory
        self.nodes = nodes
        self.nginx = nginx
        self.nginxFolder = nginxFolder
    }

    /// nginx's port on 127.0.0.1.
    var nginxPort: Int { Int(nginx.split(separator: ":").last ?? "") ?? 0 }

    /// The game through nginx: any node.
    var entryURL: String { nginx.replacingOccurrences(of: "http://", with: "ws://") + "/ws" }

    /// Node `number` alone, through nginx.
    func pathURL(ofNode number: Int) -> String {
        nginx.replacingOccurrences(of: "http://", with: "ws://") + "/nodes/\(number)/ws"
    }

    /// The node whose `--node-url` is `url`.
    func node(at url: String) -> Node? { nodes.first { $0.url == url } }

    /// Runs `body` with a cluster of `count` nodes in a database of its own, every node started with `arguments`
    /// added, then stops it all (whatever `body` did).
    static func run<T>(
        nodes count: Int = 3, arguments: [String] = [], _ body: (ClusterHarness) async throws -> T
    ) async throws -> T {
        try await TestPostgres.withDatabase { address in
            let cluster = try await start(in: address, nodes: count, arguments: arguments)
            do {
                let result = try await body(cluster)
                await cluster.stop()
                return result
            } catch {
                // A node that went down by itself says why only on its standard error: keep that with the failure.
                for node in cluster.nodes where !node.errors.isEmpty {
                    FileHandle.standardError.write(
                        Data("node \(node.number) (\(node.url)) wrote to standard error:\n\(node.errors)\n".utf8))
                }
                await cluster.stop()
                throw error
            }
        }
    }

    /// Starts `count` nodes in `address`'s database, then nginx in front of them.
    static func start(in address: PostgresAddress, nodes count: Int, arguments: [String]) async throws -> ClusterHarness {
        let directory = try await PostgresCluster.open(address, timeout: TestPostgres.timeout)
        let db = try ServeClusterTests.url(of: address)
        var nodes: [Node] = []
        do {
            for number in 1...count {
                let port = try LoopbackPort.free()
                let server = try await SnapBinary.startBackground(
                    [
                        "serve", "--host", "127.0.0.1", "--port", "\(port)", "--db", db,
                        "--node-url", "ws://127.0.0.1:\(port)/ws", "--log-level", "error", "--no-qr",
                        // nginx runs here: what it forwards says who each player is.
                        "--trusted-proxy", "127.0.0.1",
                    ] + arguments,
                    until: "A node of the cluster", keepErrors: true)
                let node = Node(number: number, port: port, server: server)
                nodes.append(node)
                guard server.banner.contains("A node of the cluster") else {
                    throw NodeDidNotStart(number: number, output: server.banner + server.errorText())
                }
            }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snap-nginx-\(UUID().uuidString.prefix(8))")
            let nginx = try await TestNginx.start(in: folder, nodes: nodes.map { "127.0.0.1:\($0.port)" })
            return ClusterHarness(database: address, directory: directory, nodes: nodes, nginx: nginx, nginxFolder: folder)
        } catch {
            for node in nodes { node.server.stop() }
            await directory.close()
            throw error
        }
    }

    /// Kills node `number` outright (`kill -9`): no goodbye, no leaving the cluster; its lease runs out.
    func kill(node number: Int) async {
        let node = nodes[number - 1]
        guard !node.isDown else { return }
        signal(SIGKILL, to: node)
        node.isDown = true
        _ = await node.server.end.status
    }

    /// Pauses node `number` (SIGSTOP), as a long pause or a cut network would: it answers nothing, and its lease
    /// runs out, until ``resume(node:)``.
    func pause(node number: Int) {
        signal(SIGSTOP, to: nodes[number - 1])
    }

    /// Lets a paused node go on (SIGCONT).
    func resume(node number: Int) {
        signal(SIGCONT, to: nodes[number - 1])
    }

    private func signal(_ signal: Int32, to node: Node) {
        guard !node.isDown else { return }
        #if canImport(Glibc)
        _ = Glibc.kill(node.server.process.processIdentifier, signal)
        #else
        _ = Darwin.kill(node.server.process.processIdentifier, signal)
        #endif
    }

    /// Stops every node still up (each leaves the cluster), then nginx.
    func stop() async {
        for node in nodes where !node.isDown {
            // A paused node must go on to hear that it is to stop.
            signal(SIGCONT, to: node)
            node.isDown = true
            await node.server.stopped()
        }
        await TestNginx.stop(in: nginxFolder)
        await directory.close()
    }

    /// GET `path` through nginx, or from node `number` directly: the status and the body.
    func get(_ path: String, fromNode number: Int? = nil) async throws -> (status: Int, body: String) {
        let base = number.map { "http://127.0.0.1:\(nodes[$0 - 1].port)" } ?? nginx
        var request = URLRequest(url: URL(string: base + path)!)
        request.setValue("close", forHTTPHeaderField: "Connection")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// The node that holds table `code`, as the cluster's directory says (nil while it says none).
    func owner(of code: String) async throws -> Node? {
        guard case .node(let url)? = try await directory.locate(code: code) else { return nil }
        return node(at: url)
    }

    /// A node that did not print its banner.
    struct NodeDidNotStart: Error, CustomStringConvertible {
        var number: Int
        var output: String
        var description: String { "node \(number) did not start: \(output)" }
    }
}
