import SnapClient

/// Why `snap join` could not sit down at a server, in one plain line: what happened, at which address, and what
/// to check — without the network library's own error text.
struct ConnectFailure: Error, CustomStringConvertible {
    /// The server's host name or address.
    let host: String
    /// The server as HOST:PORT.
    let address: String
    /// What the client said went wrong; nil for an error that is not the client's.
    let error: SnapClientError?

    /// The client's error for the server at `url` (ws://HOST:PORT/ws).
    init(url: String, error: any Error) {
        let server = try? SnapAddress(url)
        host = server?.host ?? url
        address = "\(host.contains(":") ? "[\(host)]" : host):\(server?.port ?? SnapAddress.defaultPort)"
        self.error = error as? SnapClientError
    }

    var description: String {
        switch error {
        case .unreachable(.nothingListening):
            "Nothing is listening at \(address). Is `snap` running there? Check the address and the port."
        case .unreachable(.unknownHost):
            "No computer called \(host) was found. Check the address."
        case .unreachable(.noAnswer), .timedOut:
            "No answer from \(address). Check the address, and that a firewall lets the port through."
        case .unreachable(.notSnap):
            "Something answered at \(address), but not a Snap! server. Check the port."
        case .refused(let refusal):
            "The Snap! server at \(address) turned us away: \(refusal.message)"
        case .connectionClosed:
            "The Snap! server at \(address) closed the connection before letting us in. Try again."
        case .unreachable(.other), .invalidAddress, .alreadyWaiting, .cancelled, .noServerFound, .discoveryUnavailable,
            nil:
            "Could not reach a Snap! server at \(address). Is `snap` running there? Check the address and the port."
        }
    }
}
