import SnapCore
import SnapProtocol
import SnapStore

extension TableSession {
    /// A table of a node whose lease ran out, taken over with `fence` and rebuilt from its journal's `entries`:
    /// the last checkpoint's table, and every step after it played again on a fresh runner — the rules being
    /// deterministic, the table stands exactly where its last written step left it. Everyone seated is dropped
    /// until they come back with their tokens (``resumeAfterTakeover()``).
    ///
    /// - Throws: ``TableRebuildError`` when the journal has no checkpoint, an entry cannot be read, or the rules
    ///   refuse a journaled action.
    static func rebuilt(
        code: String, entries: [JournalEntry], fence: Int64, cluster: any ClusterDatabase, environment: ServerEnvironment,
        hooks: TableHooks
    ) throws(TableRebuildError) -> TableSession {
        var records = [(position: Int64, record: TableJournalRecord)]()
        for entry in entries {
            do { records.append((entry.position, try TableJournalRecord(bytes: entry.bytes))) } catch {
                throw .unreadable(position: entry.position, error)
            }
        }
        guard let last = records.lastIndex(where: { if case .checkpoint = $0.record { true } else { false } }),
            case .checkpoint(let checkpoint) = records[last].record
        else { throw .noCheckpoint }
        var runner = checkpoint.start.runner
        var recorder = environment.archive == nil ? nil : RoundRecorder<EncodedRoundLog>()
        var tokens = checkpoint.tokens
        // The rounds that end here were kept by the node that played them; the recorder only picks up the round
        // under way.
        for (position, record) in records[(last + 1)...] {
            switch record {
            case .step(.perform(let action)):
                let start = RoundStart(before: action, on: runner)
                do {
                    let events = try runner.perform(action)
                    _ = recorder?.performed(action, events: events, runner: runner, start: start)
                } catch {
                    throw .refused(position: position, action: action, error)
                }
            case .step(.advance(let time)):
                let events = runner.advance(to: time)
                _ = recorder?.advanced(to: time, events: events, runner: runner)
            case .step(.allowances(let allowances)):
                runner.allowances = allowances
                recorder?.allowancesSet(allowances)
            case .seated(let id, let token):
                tokens[id] = token
            case .checkpoint:
                break  // Not after the last one.
            }
        }
        var members = TableMembers()
        for seat in runner.table.occupiedSeats {
            guard let info = runner.table[seat]?.info else { continue }
            members[info.id] = TableMember(info: info, token: info.isComputer ? nil : tokens[info.id])
        }
        return TableSession(
            code: code, solo: checkpoint.solo, runner: runner, members: members,
            journaling: TableJournaling(
                journal: TableJournal(cluster: cluster, code: code, fence: fence), allowances: runner.allowances),
            recording: TableRecording(code: code, recorder: recorder, environment: environment),
            environment: environment, loop: environment.loops.next(), hooks: hooks)
    }
}
