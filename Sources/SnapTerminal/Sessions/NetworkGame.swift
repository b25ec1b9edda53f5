import Foundation
import SnapClient
import SnapCore
import Synchronization

/// Snap! in the terminal against people over the network: the table a ``SnapClient`` mirrors, drawn
/// full screen, with keys sent to the server. Used by `snap host`, `snap join` and `snap watch`.
public struct NetworkGame: Sendable {
    /// The connected, seated client.
    public let client: SnapClient
    /// Where others can reach the server, shown to the host while waiting.
    public let addresses: [String]
    /// How long the server shows the deal (the deal's length divided by the server's speed).
    public let dealLength: Duration
    /// The command that plays, as a person types it (`snap host` or `snap join`), for the message shown
    /// without a terminal.
    public let command: String
    /// Whether the client watches the table rather than playing (`snap watch`).
    public let watching: Bool
    /// The words, in the person's language.
    public let texts: TerminalTexts

    /// Describes a game.
    public init(
        client: SnapClient, addresses: [String] = [], dealLength: Duration = .seconds(2), command: String = "snap join",
        watching: Bool = false, texts: TerminalTexts = .english
    ) {
        self.texts = texts
        self.client = client
        self.watching = watching
        self.addresses = addresses
        self.dealLength = dealLength
        self.command = command
    }

    /// Plays until the person quits or the server goes away; returns the exit status.
    public func run() async -> Int32 {
        let mailbox = Mailbox()
        let client = client
        let listener = Task {
            for await update in client.updates { mailbox.post(update) }
        }
        defer { listener.cancel() }
        // Requests go out in order from one task, so the terminal never waits for the network.
        let (requests, outgoing) = AsyncStream.makeStream(of: NetworkSession.Request.self)
        let sender = Task {
            for await request in requests {
                switch request {
                case .turnCard: await client.turnCard()
                case .callSnap(let reaction): await client.callSnap(reaction: reaction ?? .seconds(60))
                case .startRound: await client.startRound()
                case .startRoundWithDeal(let code): await client.startRound(deal: code)
                case .changeSettings(let settings): await client.changeSettings(settings)
                case .setHeadStart(let headStart, let seat): await client.setHeadStart(headStart, for: seat)
                case .removePlayer(let seat): await client.removePlayer(at: seat)
                case .setAccess(let isLocked, let isPrivate): await client.setTableAccess(isLocked: isLocked, isPrivate: isPrivate)
                case .addComputer: await client.addComputer()
                case .askNetworkTime(let seat): await client.askNetworkTime(of: seat)
                case .leave: await client.leaveTable()
                }
            }
        }
        let status = await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
            // The terminal loop blocks in poll(), so it gets a thread of its own.
            let thread = Thread { [self] in done.resume(returning: loop(mailbox: mailbox, outgoing: outgoing)) }
            thread.start()
        }
        outgoing.finish()
        await sender.value
        await client.disconnect()
        return status
    }

    private func loop(mailbox: Mailbox, outgoing: AsyncStream<NetworkSession.Request>.Continuation) -> Int32 {
        guard let terminal = ScreenLoop.enterTerminal(orExplain: NoTerminal(command: command)) else {
            return NoTerminal.exitStatus
        }
        var session = NetworkSession(addresses: addresses, dealLength: dealLength, watching: watching, texts: texts)
        session.exchange = { requests in
            for request in requests { outgoing.yield(request) }
            return mailbox.take()
        }
        let status = ScreenLoop.run(&session, on: terminal, colour: Terminal.wantsColour)
        for request in session.takeRequests() { outgoing.yield(request) }
        terminal.restore()
        if let view = session.view, !watching {
            print(texts.text("terminal.exit.thanks") + " " + texts.gamesWon(in: view))
        }
        if let ended = session.ended { print(ended) }
        if watching, session.ended == nil { print(texts.text("terminal.exit.stoppedWatching", ["code": session.code ?? ""])) }
        return status
    }
}

/// Updates from the client's task, waiting for the terminal thread to take them.
private final class Mailbox: Sendable {
    private let updates = Mutex<[ClientUpdate]>([])

    func post(_ update: ClientUpdate) {
        updates.withLock { $0.append(update) }
    }

    func take() -> [ClientUpdate] {
        updates.withLock { updates in
            defer { updates = [] }
            return updates
        }
    }
}
