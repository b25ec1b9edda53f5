/// A change to the cluster's directory, as ``ClusterDatabase/changes()`` reports it.
public enum ClusterChange: Hashable, Sendable {
    /// Every listed table, read once listening began: the state the changes that follow apply to.
    case current([ClusterTable])
    /// A table was listed, changed or moved to another node.
    case listed(ClusterTable)
    /// A table is no longer listed (removed, or its owner is not registered).
    case unlisted(code: String)
    /// A node registered (or took over the URL of a node whose lease ran out).
    case nodeJoined(url: String)
    /// A node left; its tables wait to be taken over.
    case nodeLeft(url: String)
}
