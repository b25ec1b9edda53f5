import SnapCore

// A table's journal entry as the cluster's database keeps it (SnapStore's `ClusterDatabase.append`): the format's
// version (2: head starts in the settings; 1 is read too), a tag, then the fields as a round's log writes them (docs/ARCHITECTURE.md, "Recording"). Read back
// strictly: a damaged or newer entry is an error naming the field, never a guess.
extension TableJournalRecord {
    /// The format this code writes, in step with ``RoundLog/formatVersion`` (2 added head starts, 3 locking,
    /// privacy and removals, 4 how a round is dealt, 5 the false start's floor); it reads 1 to 4 too.
    public static let formatVersion: UInt8 = 5

    /// The entry as bytes.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 32)
        writer.u8(Self.formatVersion)
        switch self {
        case .checkpoint(let checkpoint):
            writer.u8(1)
            checkpoint.start.write(to: &writer)
            writer.bool(checkpoint.solo)
            writer.u8(UInt8(checkpoint.tokens.count))
            for (id, token) in checkpoint.tokens.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                writer.string(id.rawValue)
                writer.string(token)
            }
        case .step(.perform(let action)):
            writer.u8(2)
            action.write(to: &writer)
        case .step(.advance(let time)):
            writer.u8(3)
            writer.duration(time)
        case .step(.allowances(let allowances)):
            writer.u8(4)
            writer.allowances(allowances)
        case .seated(let id, let token):
            writer.u8(5)
            writer.string(id.rawValue)
            writer.string(token)
        }
        return writer.bytes
    }

    /// Reads an entry written by ``encoded()``.
    ///
    /// - Throws: ``ProtocolError`` naming the field that is wrong; an entry of a newer format is refused.
    public init(bytes: [UInt8]) throws(ProtocolError) {
        var reader = ByteReader(bytes)
        let version = try reader.u8("TableJournalRecord.version")
        guard (1...Self.formatVersion).contains(version) else {
            throw .invalidValue(field: "TableJournalRecord.version", value: Int(version))
        }
        switch try reader.u8("TableJournalRecord.kind") {
        case 1:
            let start = try RoundStart.read(from: &reader, version: version)
            let solo = try reader.bool("TableJournalRecord.checkpoint.solo")
            let count = try reader.count("TableJournalRecord.checkpoint.tokens", limit: Seat.count)
            var tokens = [PlayerID: String]()
            for index in 0..<count {
                let field = "TableJournalRecord.checkpoint.tokens[\(index)]"
                tokens[PlayerID(try reader.string(field + ".id"))] = try reader.string(field + ".token")
            }
            self = .checkpoint(TableCheckpoint(start: start, solo: solo, tokens: tokens))
        case 2: self = .step(.perform(try TableAction.read(from: &reader, "TableJournalRecord.step", version: version)))
        case 3: self = .step(.advance(to: try reader.duration("TableJournalRecord.advance")))
        case 4: self = .step(.allowances(try reader.allowances("TableJournalRecord.allowances")))
        case 5:
            let id = PlayerID(try reader.string("TableJournalRecord.seated.id"))
            self = .seated(id, token: try reader.string("TableJournalRecord.seated.token"))
        case let kind: throw .invalidValue(field: "TableJournalRecord.kind", value: Int(kind))
        }
        try reader.finish()
    }
}
