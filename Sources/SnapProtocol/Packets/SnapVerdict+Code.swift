import SnapCore

extension SnapVerdict {
    /// The verdict byte of the original game, as PlayerCalledSnap and a Snapshot's calls carry it.
    public var code: UInt8 {
        switch self {
        case .wrong: 1
        case .tooLate: 2
        case .correct: 3
        }
    }
}
