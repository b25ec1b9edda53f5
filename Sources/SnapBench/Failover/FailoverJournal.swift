import SnapCore
import SnapProtocol
import SnapStore

/// What a table's journal says had been played when its node died: replayed from its last checkpoint on a fresh
/// runner, as the node that takes the table over rebuilds it, counting the cards turned in the round under way.
enum FailoverJournal {
    /// Why a journal could not be replayed.
    struct Unreadable: Error, CustomStringConvertible {
        var code: String
        var why: String
        var description: String { "The journal of table \(code) could not be replayed: \(why)" }
    }

    /// The round the journal's table stands in, and the cards turned in it so far.
    static func turnedCards(code: String, in entries: [JournalEntry]) throws(Unreadable) -> FailoverRoundCount {
        var records: [TableJournalRecord] = []
        for entry in entries {
            do { records.append(try TableJournalRecord(bytes: entry.bytes)) } catch {
                throw Unreadable(code: code, why: "entry \(entry.position): \(error)")
            }
        }
        guard let last = records.lastIndex(where: { if case .checkpoint = $0 { true } else { false } }),
            case .checkpoint(let checkpoint) = records[last]
        else { throw Unreadable(code: code, why: "it has no checkpoint") }
        var runner = checkpoint.start.runner
        var count = FailoverRoundCount(round: runner.table.round, turned: 0)
        for record in records[(last + 1)...] {
            switch record {
            case .step(.perform(let action)):
                do { count.add(try runner.perform(action)) } catch {
                    throw Unreadable(code: code, why: "the rules refuse \(action): \(error)")
                }
            case .step(.advance(let time)):
                count.add(runner.advance(to: time))
            case .step(.allowances(let allowances)):
                runner.allowances = allowances
            case .seated, .checkpoint:
                break
            }
        }
        return count
    }
}
