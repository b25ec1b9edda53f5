import Foundation
import SnapCore
import SnapProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The seats `snap join` sat down in, kept in a small file so that a `snap join` run again after its process ended
/// (a closed terminal, a crash, Ctrl-C) takes its seat and cards back with the reconnect token while the server
/// keeps the seat, rather than joining afresh.
///
/// One entry per server, table and name. The file is `$XDG_STATE_HOME/snap/seats.json` (else
/// `~/.local/state/snap/seats.json`), in a folder only its owner may enter, readable only by its owner: a token is
/// the key to a seat. Whatever is read is checked; a file that cannot be used is ignored (``load()`` says why) and
/// replaced on the next write, never a crash.
public struct KeptSeats: Sendable {
    /// A seat kept for a later `snap join`.
    public struct Entry: Codable, Equatable, Sendable {
        /// The server's WebSocket address, as `snap join` connected to it (`ws://HOST:PORT/ws`).
        public var server: String
        /// The table's code.
        public var table: String
        /// The player's name at the table.
        public var name: String
        /// The secret that takes the seat back (``SnapClient/reconnectToken``).
        public var token: String
        /// When the seat was taken or last taken back.
        public var keptAt: Date

        public init(server: String, table: String, name: String, token: String, keptAt: Date = Date()) {
            self.server = server
            self.table = table
            self.name = name
            self.token = token
            self.keptAt = keptAt
        }

        /// Whether this is the seat of `name` on `server`, at `table` when one is given.
        func matches(server: String, table: String?, name: String) -> Bool {
            self.server == server && self.name.lowercased() == name.lowercased() && (table.map { $0 == self.table } ?? true)
        }

        /// Whether everything read from the file is something `snap join` could have written.
        var isValid: Bool {
            let printable = { (text: String) in text.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) } }
            return (server.hasPrefix("ws://") || server.hasPrefix("wss://")) && server.utf8.count <= 255 && printable(server)
                && TableCode.normalized(table) == table
                && (try? PlayerName.validated(name)) == name
                && !token.isEmpty && token.utf8.count <= 255 && printable(token)
        }
    }

    /// How long an entry is worth keeping: a server keeps a dropped seat for 30 s by default, so an older token
    /// only costs a refusal; entries older than this are dropped.
    public static let lifetime: TimeInterval = 60 * 60
    /// The most entries the file holds; the oldest go first.
    public static let maximumEntries = 20
    /// The largest file read: anything bigger is not one this program wrote.
    public static let maximumFileSize = 64 * 1024

    /// The file.
    public let file: URL

    /// The seats kept in `file`.
    public init(file: URL) {
        self.file = file
    }

    /// The seats kept in the usual place, for this environment: nil when there is neither XDG_STATE_HOME nor HOME.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> KeptSeats? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return KeptSeats(file: URL(fileURLWithPath: state).appendingPathComponent("snap/seats.json"))
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return KeptSeats(file: URL(fileURLWithPath: home).appendingPathComponent(".local/state/snap/seats.json"))
    }

    /// What the file holds on disk.
    private struct Contents: Codable {
        var version = 1
        var seats: [Entry]
    }

    /// The entries kept, newest first, and why the file was ignored when it was (nil when it was fine or absent).
    public func load(now: Date = Date()) -> (entries: [Entry], problem: String?) {
        let path = file.path
        var status = stat()
        guard lstat(path, &status) == 0 else { return ([], nil) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return ([], "Ignoring \(path): it is not a plain file.")
        }
        guard Int(status.st_size) <= Self.maximumFileSize else {
            return ([], "Ignoring \(path): at \(status.st_size) bytes it is not a file snap wrote.")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return ([], "Ignoring \(path): it cannot be read.")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let contents = try? decoder.decode(Contents.self, from: data), contents.version == 1 else {
            return ([], "Ignoring \(path): it is not a list of kept seats snap can read; it is replaced when you next sit down.")
        }
        let valid = contents.seats.filter(\.isValid)
        let problem = valid.count == contents.seats.count
            ? nil : "Ignoring \(contents.seats.count - valid.count) damaged entr\(contents.seats.count - valid.count == 1 ? "y" : "ies") in \(path)."
        let fresh = valid.filter { now.timeIntervalSince($0.keptAt) < Self.lifetime && $0.keptAt <= now.addingTimeInterval(60) }
        return (fresh.sorted { $0.keptAt > $1.keptAt }, problem)
    }

    /// The newest seat kept for `name` on `server` (at `table`, when given).
    public func entry(server: String, table: String?, name: String, now: Date = Date()) -> (entry: Entry?, problem: String?) {
        let (entries, problem) = load(now: now)
        return (entries.first { $0.matches(server: server, table: table, name: name) }, problem)
    }

    /// Keeps `entry`, replacing any for the same server, table and name.
    public func keep(_ entry: Entry, now: Date = Date()) throws {
        var entries = load(now: now).entries.filter { !$0.matches(server: entry.server, table: entry.table, name: entry.name) }
        entries.insert(entry, at: 0)
        try save(Array(entries.prefix(Self.maximumEntries)))
    }

    /// Forgets the seat of `name` at `table` on `server` (left, or no longer kept by the server).
    public func forget(server: String, table: String, name: String, now: Date = Date()) throws {
        let entries = load(now: now).entries
        let rest = entries.filter { !$0.matches(server: server, table: table, name: name) }
        guard rest.count != entries.count else { return }
        try save(rest)
    }

    /// Writes the file whole: a new file only its owner may read, in a folder only its owner may enter, moved into
    /// place in one step so that a reader never sees half of it.
    private func save(_ entries: [Entry]) throws {
        let folder = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(Contents(seats: entries))
        let temporary = folder.appendingPathComponent(".seats-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json")
        // Created readable by its owner only from the start, not changed afterwards.
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure(writing: temporary) }
        let written = data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count > 0 {
                    offset += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            return offset
        }
        let closed = close(descriptor) == 0
        guard written == data.count, closed, rename(temporary.path, file.path) == 0 else {
            let error = Self.failure(writing: file)
            unlink(temporary.path)
            throw error
        }
    }

    private static func failure(writing file: URL) -> CocoaError {
        let code = POSIXErrorCode(rawValue: errno) ?? .EIO
        return CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path, NSUnderlyingErrorKey: POSIXError(code)])
    }
}
