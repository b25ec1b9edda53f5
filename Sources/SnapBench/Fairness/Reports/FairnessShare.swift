/// How many of some races one player won.
public struct FairnessShare: Encodable, Sendable, Equatable {
    /// The difference in reaction the races had, in milliseconds (nil: several together).
    public var gapMs: Int?
    /// The races counted.
    public var races: Int
    /// How many of them the player in question won.
    public var won: Int

    /// Won ÷ races (nil when there were none).
    public var share: Double? { races == 0 ? nil : Double(won) / Double(races) }

    /// The 95 % confidence interval of the share (Wilson's), so that a share of a few dozen races is read with
    /// its uncertainty; nil when there were no races.
    public var interval95: ClosedRange<Double>? {
        guard races > 0 else { return nil }
        let n = Double(races)
        let p = Double(won) / n
        let z = 1.96
        let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        let half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()
        return max(0, centre - half)...min(1, centre + half)
    }

    private enum CodingKeys: String, CodingKey {
        case gapMs, races, won, share
        case interval95 = "interval_95"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gapMs, forKey: .gapMs)
        try container.encode(races, forKey: .races)
        try container.encode(won, forKey: .won)
        try container.encode(share, forKey: .share)
        try container.encode(interval95.map { [$0.lowerBound, $0.upperBound] }, forKey: .interval95)
    }
}
