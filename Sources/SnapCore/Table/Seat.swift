/// A place at the table, numbered clockwise as seen from the host: bottom (0), left (1), top (2), right (3).
public enum Seat: UInt8, CaseIterable, Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The host's own seat, at the bottom of the host's screen (0).
    case bottom = 0
    /// The seat to the host's left (1).
    case left = 1
    /// The seat across from the host (2).
    case top = 2
    /// The seat to the host's right (3).
    case right = 3

    /// The number of seats at a table.
    public static let count = 4

    /// The next seat clockwise.
    public var next: Seat { Seat(rawValue: (rawValue + 1) % 4)! }

    /// The four seats clockwise from the bottom, kept once: iterating it allocates nothing.
    public static let clockwise: [Seat] = [.bottom, .left, .top, .right]

    /// The seats clockwise after this one, ending with this one: the order in which turns and payments go round.
    public var clockwiseAfter: [Seat] {
        Seat.clockwiseAfter[Int(rawValue)]
    }

    /// Each seat's ``clockwiseAfter``, kept once.
    private static let clockwiseAfter: [[Seat]] = clockwise.map { seat in
        (1...4).map { Seat(rawValue: (seat.rawValue + UInt8($0)) % 4)! }
    }

    /// Where this seat is shown on the screen of the player at `viewer`: (seat − viewer) mod 4.
    ///
    /// Every player sees themselves at the bottom and the others rotated around the table.
    public func shown(from viewer: Seat) -> Seat {
        Seat(rawValue: (rawValue + 4 - viewer.rawValue) % 4)!
    }

    /// The seats occupied by `playerCount` players, in joining order: the host at the bottom; one other
    /// player at the top; two at left and top; three at left, top and right.
    public static func layout(playerCount: Int) -> [Seat] {
        switch playerCount {
        case ...0: []
        case 1: [.bottom]
        case 2: [.bottom, .top]
        case 3: [.bottom, .left, .top]
        default: [.bottom, .left, .top, .right]
        }
    }

    /// Seats in the order of their numbers: bottom, left, top, right.
    public static func < (lhs: Seat, rhs: Seat) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The seat's name: "bottom", "left", "top" or "right".
    public var description: String {
        switch self {
        case .bottom: "bottom"
        case .left: "left"
        case .top: "top"
        case .right: "right"
        }
    }
}
