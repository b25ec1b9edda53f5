extension WireVerdict {
    /// The verdict byte of the original game — wrong = 1, too late = 2, correct = 3 — and false start = 4 (version 11).
    public var code: UInt8 {
        switch self {
        case .wrong: 1
        case .tooLate: 2
        case .correct: 3
        case .falseStart: 4
        }
    }
}
