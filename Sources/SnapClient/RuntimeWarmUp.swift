import NIOHTTP1

/// The generic types a connection's HTTP upgrade uses, made once per process before any connection opens.
///
/// Swift's runtime has been seen to crash — a null pointer while it checked a conformance — when two threads make
/// the same generic type for the first time at once, one reading what the other is still completing: two clients
/// of one process connecting together, each on its own event loop, both making NIO's `HTTPPart` for their upgrade.
/// Made here first, by whichever connection comes first (a static's initializer runs once; the others wait for
/// it), the types are complete before any event loop asks for them.
enum RuntimeWarmUp {
    /// A client's request and response parts of HTTP: kept, so that they are made rather than optimised away.
    private static let httpParts: [any Any.Type] = [HTTPClientRequestPart.self, HTTPClientResponsePart.self]

    /// Makes the types, the first time it is called.
    @inline(never)
    static func ensure() {
        precondition(!httpParts.isEmpty)
    }
}
