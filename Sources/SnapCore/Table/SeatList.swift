/// Up to four seats in a chosen order, packed in two bytes: a list that allocates nothing to make, grow or copy.
/// The matching seats of a correct call are one (``SnapVerdict/correct(matching:)``).
public struct SeatList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// Two bits a seat, the first in the lowest; the bits past the last seat are zero.
    private var packed: UInt8 = 0
    private var length: UInt8 = 0

    /// An empty list.
    public init() {}

    /// The seats of `seats`, in their order: at most ``Seat/count`` of them.
    public init(_ seats: some Sequence<Seat>) {
        for seat in seats { append(seat) }
    }

    /// A list written as an array literal, `[.bottom, .top]`.
    public init(arrayLiteral seats: Seat...) {
        self.init(seats)
    }

    /// The first seat's position: 0.
    public var startIndex: Int { 0 }
    /// The position after the last seat: the number of seats.
    public var endIndex: Int { Int(length) }

    /// The seat at `position`.
    public subscript(position: Int) -> Seat {
        precondition(indices.contains(position), "seat list index out of range")
        return Seat(rawValue: (packed &>> UInt8(2 * position)) & 3)!
    }

    /// Adds `seat` at the end; a list holds at most ``Seat/count`` seats.
    public mutating func append(_ seat: Seat) {
        precondition(Int(length) < Seat.count, "a seat list holds at most \(Seat.count) seats")
        packed |= seat.rawValue &<< (2 * length)
        length += 1
    }

    /// The seats as a list: `[bottom, top]`.
    public var description: String { "[" + map(\.description).joined(separator: ", ") + "]" }
}
