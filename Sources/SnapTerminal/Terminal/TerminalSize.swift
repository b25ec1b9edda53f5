/// The size of a terminal window, in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns.
    public var columns: Int
    /// The number of rows.
    public var rows: Int

    /// Describes a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Whether a frame of `other`'s size fits in this one.
    public func fits(_ other: TerminalSize) -> Bool {
        columns >= other.columns && rows >= other.rows
    }

    /// "80×24".
    public var description: String { "\(columns)×\(rows)" }
}
