/// One thread's part of a striped metric, alone on its cache lines.
final class PaddedStripe<Value: ~Copyable & Sendable>: Sendable {
    let value: Value
    // Over 64 bytes of the object after the value: no two stripes' values share a 64-byte line.
    private let padding: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    init(_ value: consuming Value) {
        self.value = value
    }
}
