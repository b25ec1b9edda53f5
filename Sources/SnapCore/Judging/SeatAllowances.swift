/// What each seat's network allows for, kept in place: the four seats' allowances and which of them are set. A
/// dictionary of four would be a few hundred bytes on the heap at every table, and one built whenever they change.
public struct SeatAllowances: Equatable, Sendable {
    // A seat without an allowance holds `.none` here, so that two equal sets compare equal.
    private var bottom = NetworkAllowance.none
    private var left = NetworkAllowance.none
    private var top = NetworkAllowance.none
    private var right = NetworkAllowance.none
    /// Bit `n` is set when seat `n` has an allowance.
    private var set: UInt8 = 0

    /// No seat has an allowance.
    public init() {}

    /// The allowances of `allowances`.
    public init(_ allowances: [Seat: NetworkAllowance]) {
        for (seat, allowance) in allowances { self[seat] = allowance }
    }

    /// The allowance of `seat`, if it has one.
    public subscript(seat: Seat) -> NetworkAllowance? {
        get {
            guard set & 1 << seat.rawValue != 0 else { return nil }
            return switch seat {
            case .bottom: bottom
            case .left: left
            case .top: top
            case .right: right
            }
        }
        set {
            let value = newValue ?? .none
            switch seat {
            case .bottom: bottom = value
            case .left: left = value
            case .top: top = value
            case .right: right = value
            }
            if newValue == nil { set &= ~(1 << seat.rawValue) } else { set |= 1 << seat.rawValue }
        }
    }

    /// The allowances as a dictionary, by seat.
    public var dictionary: [Seat: NetworkAllowance] {
        var allowances = [Seat: NetworkAllowance]()
        for seat in Seat.allCases { if let allowance = self[seat] { allowances[seat] = allowance } }
        return allowances
    }
}
