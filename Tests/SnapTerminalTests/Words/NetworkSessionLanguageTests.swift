@_spi(Instrumentation) import SnapClient
import SnapCore
import Testing

@testable import SnapTerminal

/// A networked table in German and Japanese: the host's waiting room, a watcher, a game the server ended, each
/// frame inside 80×24 by terminal width and the banner inside its 76 columns.
@Suite struct NetworkSessionLanguageTests {
    static let german = TerminalLanguageTests.german
    static let japanese = TerminalLanguageTests.japanese

    /// Ann and Bob at table KXPT, before the round, seen from `viewer` (nil: a watcher).
    func session(_ viewer: Seat?, in texts: TerminalTexts, addresses: [String] = ["255.255.255.255:65535"]) throws
        -> NetworkSession
    {
        var table = Table()
        _ = try table.join(PlayerInfo(id: PlayerID("ann"), name: "Ann"))
        _ = try table.join(PlayerInfo(id: PlayerID("bob"), name: "Bob"))
        var session = NetworkSession(addresses: addresses, watching: viewer == nil, texts: texts)
        session.apply(viewer.map { .joined(code: "KXPT", seat: $0) } ?? .watching(code: "KXPT"), at: .zero)
        session.apply(.snapshot(table.view(for: viewer)), at: .zero)
        return session
    }

    func frame(_ session: NetworkSession) throws -> [String] {
        try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
    }

    func expectFits(_ lines: [String]) {
        #expect(lines.count == 24)
        for line in lines { #expect(line.terminalWidth <= 80, "\(line.terminalWidth) columns: \(line)") }
    }

    @Test(arguments: [NetworkSessionLanguageTests.german, NetworkSessionLanguageTests.japanese])
    func theHostsWaitingRoomInTheLanguage(texts: TerminalTexts) throws {
        let host = try session(.bottom, in: texts)
        #expect(host.waitingBanner.allSatisfy { $0.terminalWidth <= 76 }, "\(host.waitingBanner)")
        let seated = texts.language == .german ? "Tisch KXPT  ·  2 von 4 sitzen" : "テーブル KXPT  ·  2/4人が着席"
        #expect(host.waitingBanner.first?.hasPrefix(seated) == true, "\(host.waitingBanner)")
        let lines = try frame(host)
        #expect(lines.joined().contains(texts.text("terminal.banner.enterStarts")))
        expectFits(lines)
    }

    @Test(arguments: [NetworkSessionLanguageTests.german, NetworkSessionLanguageTests.japanese])
    func aWatcherInTheLanguage(texts: TerminalTexts) throws {
        var watcher = try session(nil, in: texts)
        _ = watcher.handle(.character("x"), at: .zero)
        let lines = try frame(watcher)
        #expect(lines[0].hasPrefix(" Snap! · " + texts.text("terminal.title.watching")), "\(lines[0])")
        #expect(lines[23].contains("[q] " + texts.text("terminal.keys.stopWatching")), "\(lines[23])")
        #expect(lines.joined().contains(texts.text("terminal.hint.watching")))
        expectFits(lines)
    }

    @Test(arguments: [NetworkSessionLanguageTests.german, NetworkSessionLanguageTests.japanese])
    func aGameTheServerEndedInTheLanguage(texts: TerminalTexts) throws {
        var guest = try session(.top, in: texts)
        guest.apply(.serverQuit(reason: "The server shut down."), at: .zero)
        #expect(guest.ended == texts.text("connection.serverQuit"))
        let lines = try frame(guest)
        #expect(lines.joined().contains(texts.text("terminal.pressAnyKey")))
        #expect(lines[23].contains("[" + texts.text("terminal.key.any") + "] " + texts.text("terminal.keys.leave")), "\(lines[23])")
        expectFits(lines)
    }

    @Test func aRefusalIsShownByItsCodeInTheLanguage() throws {
        var guest = try session(.top, in: Self.german)
        guest.apply(.refused(code: 10, message: "It is not your turn."), at: .zero)
        #expect(guest.hint?.text == "Du bist nicht dran.")
        guest.apply(.refused(code: 999, message: "Something new."), at: .zero)
        #expect(guest.hint?.text == "Something new.", "a code the catalogue lacks shows the server's words")
    }
}
