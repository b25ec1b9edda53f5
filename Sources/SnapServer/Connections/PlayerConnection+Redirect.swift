import SnapProtocol

extension PlayerConnection {
    /// Sends the client on to the node its table lives on, when the table `typed` is not one of this node's and
    /// the server's ``TableDirectory`` places it elsewhere, and the client understands a Redirect (version 5);
    /// returns whether it did. Otherwise the caller refuses as a single server would.
    func redirect(toTable typed: String, _ outbox: Outbox) async -> Bool {
        guard let directory = environment.directory, outbox.version >= PacketType.redirect.sinceVersion,
            let code = TableCode.normalized(typed), await lobby.table(code: code) == nil,
            let url = await directory.locate(code: code)
        else { return false }
        return send(url: url, code: code, outbox)
    }

    /// Sends a client that reconnects with a token of another node's on to that node, or tells it that its table
    /// is moving (its node is gone and no node has it yet: the client tries again in a moment) — version 5 only;
    /// returns whether it did.
    func redirect(token: String, _ outbox: Outbox) async -> Bool {
        guard let directory = environment.directory, outbox.version >= PacketType.redirect.sinceVersion else {
            return false
        }
        switch await directory.locate(token: token) {
        case .elsewhere(let location)?:
            return send(url: location.url, code: location.code, outbox)
        case .moving?:
            environment.metrics.error(code: WireErrorCode.tableMoving.rawValue)
            outbox.send(.error(code: WireErrorCode.tableMoving.rawValue, message: WireErrorCode.tableMoving.message))
            return true
        case nil:
            return false
        }
    }

    private func send(url: String, code: String, _ outbox: Outbox) -> Bool {
        guard NodeURL.isValid(url) else {
            // A directory with a broken address must not send clients nowhere: they are refused instead.
            environment.logger.warning(
                "the table directory placed a table at an address that is not a node URL",
                metadata: ["table": "\(code)", "address": "\(url)"])
            return false
        }
        environment.metrics.counter("snap_redirects_total").increment()
        outbox.send(.redirect(url: url, code: code))
        return true
    }
}
