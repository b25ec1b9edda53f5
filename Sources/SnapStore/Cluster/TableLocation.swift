/// Where a table runs, as ``ClusterDatabase/locate(code:)`` finds it.
public enum TableLocation: Hashable, Sendable {
    /// On the live node at this URL.
    case node(url: String)
    /// Its node's lease ran out and no node has taken it over yet: ask again in a moment.
    case orphaned
}
