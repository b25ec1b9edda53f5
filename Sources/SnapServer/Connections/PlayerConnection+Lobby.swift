import SnapCore
import SnapProtocol

extension PlayerConnection {
    /// Carries out a request for the lobby, which ``RequestRouter`` has let through (the person is signed in where
    /// that is needed, and speaks a version that can watch).
    func handle(_ request: LobbyRequest, _ context: inout ConnectionContext) async {
        let outbox = context.outbox
        switch request {
        case .signIn(let name):
            do {
                let name = try PlayerName.validated(name)
                let id = await roster.newPlayerID()
                let token = (0..<4).map { _ in String(UInt32.random(in: 0...UInt32.max), radix: 16) }.joined()
                context.id = id
                context.name = name
                context.token = token
                outbox.send(.welcome(version: Wire.version, id: id, token: token))
                startPinging(outbox)
                await signedIn(context)
            } catch {
                refuse(outbox, .badName, "That name cannot be used: \(error).")
            }
        case .reconnect(let token):
            guard await !isSeated(&context), await !isWatching(&context) else { return refuse(outbox, .alreadyAtTable) }
            guard let (table, info) = await lobby.reconnect(token: token, outbox: outbox) else {
                if await redirect(token: token, outbox) { return }
                return refuse(outbox, .unknownToken)
            }
            let wasSignedIn = context.id != nil
            context.id = info.id
            context.name = info.name
            context.token = token
            context.table = table
            startPinging(outbox)
            if !wasSignedIn { await signedIn(context) }
        case .listTables:
            outbox.send(.tableList(fitting: await lobby.openTables()))
        case .host(let solo):
            guard let player = context.player, let token = context.token else { return refuse(outbox, .notSignedIn) }
            guard await !isSeated(&context), await !isWatching(&context) else { return refuse(outbox, .alreadyAtTable) }
            do {
                let table = try await lobby.openTable(solo: solo, for: context.peer.address, on: outbox.loop)
                _ = try await table.join(player, token: token, outbox: outbox)
                if solo { await table.seatComputerOpponents() }
                await lobby.remember(token: token, at: table.code)
                context.table = table
            } catch {
                refuse(outbox, failure: error)
            }
        case .join(let typed):
            guard let player = context.player, let token = context.token else { return refuse(outbox, .notSignedIn) }
            guard await !isSeated(&context), await !isWatching(&context) else { return refuse(outbox, .alreadyAtTable) }
            guard let code = TableCode.normalized(typed), let table = await lobby.table(code: code), !table.isSolo else {
                if await redirect(toTable: typed, outbox) { return }
                return refuse(outbox, .unknownTable)
            }
            do {
                _ = try await table.join(player, token: token, outbox: outbox)
                await lobby.remember(token: token, at: code)
                context.table = table
            } catch {
                refuse(outbox, failure: error)
            }
        case .watch(let typed):
            guard let id = context.id else { return refuse(outbox, .notSignedIn) }
            guard await !isSeated(&context), await !isWatching(&context) else { return refuse(outbox, .alreadyAtTable) }
            guard let code = TableCode.normalized(typed), let table = await lobby.table(code: code), !table.isSolo else {
                if await redirect(toTable: typed, outbox) { return }
                return refuse(outbox, .unknownTable)
            }
            do {
                try await table.watch(id, outbox: outbox)
                context.watching = table
            } catch {
                refuse(outbox, failure: error)
            }
        }
    }

    /// The person has signed in (or reconnected) on this connection: its socket has earned its keep, and it no
    /// longer has a deadline to sign in.
    private func signedIn(_ context: ConnectionContext) async {
        context.peer.prove()
        await roster.signedIn(context.outbox)
    }

    /// Whether the connection's person still sits at a table; forgets a table the host removed them from.
    private func isSeated(_ context: inout ConnectionContext) async -> Bool {
        guard let table = context.table, let id = context.id else { return false }
        if await table.isSeated(id) { return true }
        context.table = nil
        return false
    }

    /// Whether the connection still watches a table; forgets a table that has closed since.
    private func isWatching(_ context: inout ConnectionContext) async -> Bool {
        guard let table = context.watching, let id = context.id else { return false }
        if await table.isWatched(by: id) { return true }
        context.watching = nil
        return false
    }
}
