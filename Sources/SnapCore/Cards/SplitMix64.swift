/// A small, fast, seeded random number generator (SplitMix64).
///
/// The same seed always gives the same sequence, on every platform, so a seed
/// reproduces a whole game.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var stateValue: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        stateValue = seed
    }

    /// Where the sequence stands: `SplitMix64(seed: state)` goes on exactly as this one would (a round's record
    /// keeps it as the seed its deck was shuffled with).
    public var state: UInt64 { stateValue }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        stateValue &+= 0x9E37_79B9_7F4A_7C15
        var z = stateValue
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }
}
