import ArgumentParser
import SnapCore

extension Difficulty: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// Validates a speed factor: a positive, finite number.
public func validateSpeed(_ speed: Double) throws {
    guard speed.isFinite, speed > 0, speed <= 1000 else {
        throw ValidationError("--speed must be a number above 0 and at most 1000 (1 is normal, 2 twice as fast); got \(speed).")
    }
}

/// Validates a port: 1–65535, or 0 as well (a free one) where `allowingAnyFree`.
public func validatePort(_ port: Int, allowingAnyFree: Bool) throws {
    let lowest = allowingAnyFree ? 0 : 1
    guard (lowest...65_535).contains(port) else {
        throw ValidationError("--port must be between \(lowest) and 65535; got \(port).")
    }
}
