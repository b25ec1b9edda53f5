/// A key press read from a terminal in raw mode.
public enum Key: Hashable, Sendable {
    /// Enter or Return (carriage return or line feed).
    case enter
    /// The space bar.
    case space
    /// Escape on its own.
    case escape
    /// Ctrl-C: in raw mode it arrives as a byte instead of a signal.
    case interrupt
    /// Ctrl-D: the end of input.
    case endOfInput
    /// Ctrl-L: redraw the screen.
    case redraw
    /// A printable character, as typed.
    case character(Character)
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// ←.
    case left
    /// →.
    case right
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Anything else: other control keys, function keys.
    case other

    /// The keys in a chunk of bytes read from the terminal, in order.
    ///
    /// Escape sequences (arrows, function keys) count as one key (``up``, ``down`` or ``other``) so that their
    /// letters are not taken for commands; UTF-8 sequences become one ``character(_:)``.
    public static func parse(_ bytes: [UInt8]) -> [Key] {
        var keys = [Key]()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0D, 0x0A:
                keys.append(.enter)
                // A terminal that sends CR LF for one press means one Enter.
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            case 0x20:
                keys.append(.space)
            case 0x03:
                keys.append(.interrupt)
            case 0x04:
                keys.append(.endOfInput)
            case 0x0C:
                keys.append(.redraw)
            case 0x7F, 0x08:
                keys.append(.backspace)
            case 0x1B:
                let length = escapeSequenceLength(bytes, from: index)
                // ESC [ A and ESC O A (the arrows' two forms): A up, B down, C right, D left.
                let final = length == 3 ? bytes[index + 2] : 0
                keys.append(length == 1 ? .escape : arrows[final] ?? .other)
                index += length - 1
            case 0x21...0x7E:
                keys.append(.character(Character(Unicode.Scalar(byte))))
            case 0xC0...0xF7:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(bytes.count, index + length)
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                keys.append(text.count == 1 && !text.contains("\u{FFFD}") ? .character(text.first!) : .other)
                index = end - 1
            default:
                keys.append(.other)
            }
            index += 1
        }
        return keys
    }

    private static let arrows: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
    ]

    /// The number of bytes of the escape sequence starting at `start`: 1 for a lone Escape.
    private static func escapeSequenceLength(_ bytes: [UInt8], from start: Int) -> Int {
        let next = start + 1
        guard next < bytes.count else { return 1 }
        switch bytes[next] {
        case UInt8(ascii: "["):
            // CSI: parameter and intermediate bytes, then one final byte from @ to ~.
            var index = next + 1
            while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
            return min(index, bytes.count - 1) - start + 1
        case UInt8(ascii: "O"):
            return min(next + 1, bytes.count - 1) - start + 1
        case 0x1B:
            return 1
        default:
            // Alt plus a key.
            return 2
        }
    }
}
