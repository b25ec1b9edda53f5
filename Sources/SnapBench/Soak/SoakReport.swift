import Foundation
import SnapCore

/// The figures of one chaos soak, as `snap-bench soak --json` prints them, and the invariants it checks.
public struct SoakReport: Encodable, Sendable {
    /// The soak's shape.
    public var settings: SoakSettings
    /// How long it ran, warm-up included.
    public var durationSeconds: Double
    /// What the honest bots did and saw.
    public var honest: SoakHonestReport
    /// What each kind of misbehaving client did, and how the server ended its connections, by kind's name.
    public var hostile: [String: HostileKindReport]
    /// The server's own count of cards not accounted for (`/metrics`); nil if it could not be read.
    public var serverCardConservationFailures: Int?
    /// The server before any bot connected.
    public var idle: SoakSample?
    /// The server every sample interval, in time order.
    public var samples: [SoakSample]
    /// The server a few seconds after every bot had gone.
    public var afterEveryoneLeft: SoakSample?
    /// Memory and descriptors at the end against after the warm-up; nil with no sample after the warm-up.
    public var flatness: SoakFlatness?

    /// Connections refused or closed by the server's limits, by reason, over every kind.
    public var limitCloses: [String: Int] {
        hostile.values.reduce(into: [:]) { sum, kind in sum.merge(kind.closedByServer, uniquingKeysWith: +) }
    }

    /// Every invariant that failed, in words; empty when the soak passed.
    public var failures: [String] {
        var failures = [String]()
        if honest.actions == 0 { failures.append("The honest bots never played: the soak measured nothing.") }
        if honest.protocolErrors > 0 {
            let kinds = honest.protocolErrorKinds.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }
            failures.append(
                "\(honest.protocolErrors) protocol errors among the honest bots (must be 0): \(kinds.joined(separator: "; "))."
            )
        }
        if honest.tablesNotConserved > 0 {
            failures.append(
                "\(honest.tablesNotConserved) tables did not hold their 52 cards in some player's view (must be 0).")
        }
        switch serverCardConservationFailures {
        case nil: failures.append("The server's /metrics could not be read, so its own card check is unknown.")
        case let count? where count > 0:
            failures.append("The server counted \(count) card conservation failures (must be 0).")
        default: break
        }
        guard let flatness else {
            failures.append("No sample came after the warm-up: whether memory and descriptors stayed flat is unknown.")
            return failures
        }
        if !flatness.memoryFlat {
            failures.append(
                "Memory grew from \(Self.mebibytes(flatness.rssBytesAfterWarmUp)) after the warm-up to "
                    + "\(Self.mebibytes(flatness.rssBytesAtEnd)) at the end (flat allows "
                    + "\(Self.mebibytes(flatness.rssAllowanceBytes))).")
        }
        if !flatness.descriptorsFlat {
            failures.append(
                "Descriptors beside connections grew by \(flatness.descriptorGrowth) (flat allows "
                    + "\(SoakFlatness.descriptorAllowance)): \(flatness.descriptorsAfterWarmUp) open for "
                    + "\(flatness.connectionsAfterWarmUp) connections after the warm-up, \(flatness.descriptorsAtEnd) "
                    + "for \(flatness.connectionsAtEnd) at the end.")
        }
        return failures
    }

    /// Whether every invariant held.
    public var passed: Bool { failures.isEmpty }

    /// `bytes` in MiB, one decimal.
    public static func mebibytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }

    enum CodingKeys: String, CodingKey {
        case tables, players, speed, seed, honest, hostile, idle, samples, flatness, failures, passed
        case durationSeconds = "duration_seconds"
        case warmUpSeconds = "warm_up_seconds"
        case sampleIntervalSeconds = "sample_interval_seconds"
        case graceSeconds = "grace_seconds"
        case honestProtocolErrors = "honest_protocol_errors"
        case tablesNotConserved = "tables_not_conserved"
        case serverCardConservationFailures = "server_card_conservation_failures"
        case limitCloses = "limit_closes"
        case afterEveryoneLeft = "after_everyone_left"
    }

    /// Writes every key, always in the same form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(settings.effectiveWarmUp.inSeconds, forKey: .warmUpSeconds)
        try container.encode(settings.effectiveSampleInterval.inSeconds, forKey: .sampleIntervalSeconds)
        try container.encode(settings.tables, forKey: .tables)
        try container.encode(settings.players, forKey: .players)
        try container.encode(settings.speed, forKey: .speed)
        try container.encode(settings.graceSeconds, forKey: .graceSeconds)
        try container.encode(settings.seed, forKey: .seed)
        try container.encode(passed, forKey: .passed)
        try container.encode(failures, forKey: .failures)
        try container.encode(honest.protocolErrors, forKey: .honestProtocolErrors)
        try container.encode(honest.tablesNotConserved, forKey: .tablesNotConserved)
        // Unknown figures are written as null, never left out: every key is always there.
        try container.encode(serverCardConservationFailures, forKey: .serverCardConservationFailures)
        try container.encode(limitCloses, forKey: .limitCloses)
        try container.encode(honest, forKey: .honest)
        try container.encode(hostile, forKey: .hostile)
        try container.encode(idle, forKey: .idle)
        try container.encode(samples, forKey: .samples)
        try container.encode(afterEveryoneLeft, forKey: .afterEveryoneLeft)
        try container.encode(flatness, forKey: .flatness)
    }
}
