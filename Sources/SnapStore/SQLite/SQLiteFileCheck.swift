import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is checked before a SQLite file is opened for writing, so that a file that cannot be used is never
/// touched: its header is read (the schema cookie, `user_version` and `application_id` are at fixed offsets),
/// or, when a crash left a WAL beside it, it is read through a read-only connection; never written.
enum SQLiteFileCheck {
    /// The first 16 bytes of every SQLite 3 database.
    private static let magic = Array("SQLite format 3\0".utf8)

    /// Throws the reason the file at `path` cannot be used as a Snap! database; makes its folder when missing.
    static func check(path: String) throws(StoreError) {
        let folder =
            (path as NSString).deletingLastPathComponent.isEmpty
            ? "." : (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            try makeFolder(folder)
            guard access(folder, W_OK) == 0 else { throw .readOnly(path: folder) }
            return
        }
        guard !isFolder.boolValue else { throw .notASnapDatabase(path: path) }
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw .failed("\(path) cannot be read (\(String(cString: strerror(errno))))")
        }
        let header = (try? file.read(upToCount: 100)) ?? nil
        try? file.close()
        let bytes = header.map { [UInt8]($0) } ?? []
        if !bytes.isEmpty {
            guard bytes.count == 100, Array(bytes.prefix(magic.count)) == magic else {
                throw .notASnapDatabase(path: path)
            }
            let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
            if walSize > 0 {
                // Left by a crash: the latest pages, the marks included, may be only in the WAL.
                try checkContents(path: path, folder: folder)
            } else {
                // The header is the whole truth; reading it through SQLite would leave -wal and -shm files beside
                // a WAL database even when it is refused.
                try checkMarks(
                    path: path, applicationID: Int32(bitPattern: bigEndian(bytes, at: 68)),
                    version: Int(Int32(bitPattern: bigEndian(bytes, at: 60))), hasSchema: bigEndian(bytes, at: 40) != 0)
            }
        }
        // WAL mode writes two files beside the database: the folder must be writable as well as the file.
        guard access(path, W_OK) == 0 else { throw .readOnly(path: path) }
        guard access(folder, W_OK) == 0 else { throw .readOnly(path: folder) }
    }

    /// Reads the marks of a SQLite file through a read-only connection, which sees the WAL a crash left.
    private static func checkContents(path: String, folder: String) throws(StoreError) {
        var configuration = Configuration()
        configuration.readonly = true
        // Another server may be writing or checkpointing the same file this moment: wait for it, as the store does.
        configuration.busyMode = .timeout(5)
        let marks: (applicationID: Int32, version: Int, objects: Int)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            marks = try queue.read { db in
                (
                    try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                    try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
                )
            }
        } catch {
            // Reading a WAL database needs its -shm file, which a read-only folder may not let SQLite make.
            if access(folder, W_OK) != 0 { throw .readOnly(path: folder) }
            throw storeError(error, path: path)
        }
        try checkMarks(
            path: path, applicationID: marks.applicationID, version: marks.version, hasSchema: marks.objects != 0)
    }

    /// Throws unless the marks are Snap!'s, of a version this build knows, or those of an empty database.
    private static func checkMarks(path: String, applicationID: Int32, version: Int, hasSchema: Bool) throws(StoreError)
    {
        switch applicationID {
        case SQLiteSchema.applicationID:
            if version > StoreSchema.version {
                throw .newerSchema(location: path, found: version, supported: StoreSchema.version)
            }
        case 0 where !hasSchema:
            break  // a SQLite database that never held anything (its schema cookie is 0): it becomes ours
        default:
            throw .notASnapDatabase(path: path)
        }
    }

    /// The big-endian 32-bit number at `offset` of a SQLite header.
    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func makeFolder(_ folder: String) throws(StoreError) {
        guard !FileManager.default.fileExists(atPath: folder) else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            // The first folder up the path that exists is the one that cannot be written.
            var existing = folder
            while !FileManager.default.fileExists(atPath: existing), existing != "/", !existing.isEmpty {
                existing = (existing as NSString).deletingLastPathComponent
            }
            if access(existing.isEmpty ? "." : existing, W_OK) != 0 { throw .readOnly(path: folder) }
            throw .failed("cannot make the folder \(folder): \(error.localizedDescription)")
        }
    }

    /// A ``StoreError`` for what SQLite (or GRDB) threw while using the file at `path`.
    static func storeError(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else { return .failed(String(describing: error)) }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notASnapDatabase(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: return .readOnly(path: path)
        default: return .failed("\(path): \(error.message ?? error.description)")
        }
    }
}
