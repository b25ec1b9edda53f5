import ArgumentParser

/// A length of time on the command line: seconds (`90`), or with a unit (`90s`, `10m`, `1h`, `1.5h`).
struct SoakDuration: ExpressibleByArgument, Equatable {
    /// The length in seconds.
    var seconds: Double

    /// A duration of `seconds`.
    init(seconds: Double) {
        self.seconds = seconds
    }

    init?(argument: String) {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600]
        var text = argument.lowercased()
        var unit = 1.0
        if let last = text.last, let scale = units[last] {
            unit = scale
            text.removeLast()
        }
        guard let number = Double(text), number.isFinite, number >= 0 else { return nil }
        seconds = number * unit
    }

    /// The length as a Duration.
    var value: Duration { .milliseconds(Int64(seconds * 1_000)) }

    var defaultValueDescription: String { "\(Int(seconds))" }
}
