/// A listed table and the node it runs on.
public struct ClusterTable: Hashable, Sendable {
    /// What its node published.
    public var listing: ClusterListing
    /// The URL of the node that runs it.
    public var nodeURL: String

    /// A table on a node.
    public init(listing: ClusterListing, nodeURL: String) {
        self.listing = listing
        self.nodeURL = nodeURL
    }
}
