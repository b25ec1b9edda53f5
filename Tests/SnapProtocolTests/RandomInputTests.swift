import SnapCore
import SnapProtocol
import Testing

/// Seeded random and mutated input: every decode either throws a ProtocolError or gives a frame that
/// encodes back to exactly the same bytes. Nothing traps.
@Suite struct RandomInputTests {
    /// What became of a batch of inputs.
    struct Tally {
        var decoded = 0
        var refused = 0
        var notCanonical: [[UInt8]] = []

        /// Decodes `bytes` and notes the outcome.
        mutating func check(_ bytes: [UInt8]) {
            do {
                let frame = try Frame.decode(bytes)
                decoded += 1
                if frame.encoded() != bytes && notCanonical.count < 5 { notCanonical.append(bytes) }
            } catch {
                refused += 1
            }
        }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SplitMix64(seed: 2024)
        var tally = Tally()
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...80, using: &generator)
            tally.check((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
        #expect(tally.notCanonical.isEmpty, "\(tally.notCanonical.map { Hex.string($0) })")
        #expect(tally.refused > 19_000)
    }

    @Test func randomPayloadsBehindAValidHeaderNeverCrash() {
        var generator = SplitMix64(seed: 7)
        var tally = Tally()
        for _ in 0..<30_000 {
            let type = PacketType.allCases.randomElement(using: &generator)!
            // Short payloads are the likeliest to be whole packets; long ones reach the deeper fields.
            let count = Int.random(in: 0...(Bool.random(using: &generator) ? 6 : 40), using: &generator)
            // Small bytes are likelier to be valid seats, counts, booleans and NULs, so decoding goes deeper.
            let payload = (0..<count).map { _ in
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0...4, using: &generator) : UInt8.random(in: 0...255, using: &generator)
            }
            tally.check(packet(type, payload, number: UInt32.random(in: 0...UInt32.max, using: &generator)))
        }
        #expect(tally.notCanonical.isEmpty, "\(tally.notCanonical.map { Hex.string($0) })")
        #expect(tally.decoded > 1_000)
        #expect(tally.refused > 1_000)
    }

    @Test func randomSingleByteMutationsOfSamplesNeverCrash() {
        var generator = SplitMix64(seed: 99)
        var tally = Tally()
        for frame in Samples.frames {
            let bytes = frame.encoded()
            for _ in 0..<300 {
                var mutated = bytes
                mutated[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
                tally.check(mutated)
            }
        }
        #expect(tally.notCanonical.isEmpty, "\(tally.notCanonical.map { Hex.string($0) })")
        #expect(tally.decoded > 1_000)
    }

    @Test func everySingleByteValueAtEveryPositionOfASnapshotIsSafe() {
        var tally = Tally()
        for view in [Samples.midRoundView, Samples.stoppedView] {
            let bytes = Frame(number: 3, packet: .snapshot(view)).encoded()
            for position in bytes.indices {
                for value in UInt8.min...UInt8.max {
                    var mutated = bytes
                    mutated[position] = value
                    tally.check(mutated)
                }
            }
        }
        #expect(tally.notCanonical.isEmpty, "\(tally.notCanonical.map { Hex.string($0) })")
    }

    @Test func randomInsertionsAndDeletionsNeverCrash() {
        var generator = SplitMix64(seed: 5)
        var tally = Tally()
        for frame in Samples.frames {
            let bytes = frame.encoded()
            for _ in 0..<100 {
                var mutated = bytes
                if Bool.random(using: &generator) {
                    mutated.remove(at: Int.random(in: 0..<mutated.count, using: &generator))
                } else {
                    mutated.insert(
                        UInt8.random(in: 0...255, using: &generator),
                        at: Int.random(in: 0...mutated.count, using: &generator))
                }
                tally.check(mutated)
            }
        }
        #expect(tally.notCanonical.isEmpty, "\(tally.notCanonical.map { Hex.string($0) })")
    }
}
