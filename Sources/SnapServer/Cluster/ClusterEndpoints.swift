import Foundation
import Hummingbird
import SnapStore

/// `GET /api/nodes`: the live nodes of the cluster this server is a node of, by URL — this node among them. A
/// server on its own is in no cluster: its list is empty.
struct ClusterEndpoints: Sendable {
    /// One node as `/api/nodes` lists it.
    struct NodeListing: Encodable {
        var url: String
        var term: Int64
        var joined: String
        var leaseUntil: String

        init(_ node: ClusterNode) {
            url = node.url
            term = node.term
            joined = node.joinedAt.formatted(.iso8601)
            leaseUntil = node.leaseUntil.formatted(.iso8601)
        }

        enum CodingKeys: String, CodingKey {
            case url, term, joined
            case leaseUntil = "lease_until"
        }
    }

    let cluster: (any ClusterDatabase)?

    func add(to router: Router<some RequestContext>) {
        router.get("/api/nodes") { _, _ in
            var nodes: [ClusterNode] = []
            if let cluster {
                do {
                    nodes = try await cluster.liveNodes()
                } catch {
                    throw HTTPError(.serviceUnavailable, message: "The cluster's directory did not answer: \(error)")
                }
            }
            let body = try JSONEncoder.sorted.encode(nodes.map(NodeListing.init))
            return Response(
                status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
    }
}
