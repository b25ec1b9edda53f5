extension Wire {
    /// A duration as the microseconds a reaction time or margin travels as, clamped to 0…``maximumReaction``.
    public static func microseconds(_ duration: Duration) -> UInt32 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let micros = seconds.multipliedReportingOverflow(by: 1_000_000)
        guard !micros.overflow else { return maximumReaction }
        return UInt32(clamping: min(Int64(maximumReaction), micros.partialValue + attoseconds / 1_000_000_000_000))
    }
}
