extension Duration {
    /// Whole milliseconds, rounded, as the terminal shows a reaction, a margin or a round trip; "<1" below one.
    var millisecondsText: String {
        let milliseconds = inSeconds * 1000
        return milliseconds < 1 ? "<1" : "\(Int(milliseconds.rounded()))"
    }
}
