import SnapCore

extension SnapVerdict {
    /// The verdict byte of the original game, as PlayerCalledSnap and a Snapshot's calls carry it, and 4 for a false
    /// start (version 11).
    public var code: UInt8 {
        switch self {
        case .wrong: 1
        case .tooLate: 2
        case .correct: 3
        case .falseStart: 4
        }
    }
}
