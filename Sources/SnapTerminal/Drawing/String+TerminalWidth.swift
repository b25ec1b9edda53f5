// How much room text takes in a terminal, where some characters are two columns wide.

extension Character {
    /// How many terminal columns the character takes: 2 for East Asian wide characters and emoji, 0 for
    /// control characters, 1 otherwise.
    public var terminalWidth: Int {
        guard let scalar = unicodeScalars.first else { return 0 }
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

extension String {
    /// How many terminal columns the text takes.
    public var terminalWidth: Int { reduce(0) { $0 + $1.terminalWidth } }

    /// The text cut to at most `width` columns, ending in "…" when cut.
    public func truncated(toWidth width: Int) -> String {
        guard terminalWidth > width else { return self }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in self {
            let next = character.terminalWidth
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// The text followed by spaces up to `width` columns (unchanged when it is as wide or wider).
    public func padded(toWidth width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - terminalWidth))
    }

    /// The text in lines of at most `width` columns, broken between words; a word wider than a line, and text
    /// written without spaces (Japanese), is broken between characters.
    func wrapped(toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines = [String]()
        var line = ""
        for word in split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if candidate.terminalWidth <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            for character in word {
                if (line + String(character)).terminalWidth > width {
                    // Japanese never starts a line with a closing mark or a small kana: its last character goes too.
                    var carried = ""
                    if String.noLineStart.contains(character), let last = line.popLast() { carried = String(last) }
                    lines.append(line)
                    line = carried
                }
                line.append(character)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Characters a line does not start with in Japanese (kinsoku): closing marks and small kana.
    static let noLineStart: Set<Character> = Set("、。，．・：；？！）」』】〉》ゃゅょっぁぃぅぇぉャュョッァィゥェォー")

    /// The columns the text takes on screen, skipping ANSI escape sequences.
    var terminalWidthIgnoringEscapes: Int {
        var width = 0
        var inEscape = false
        for character in self {
            if inEscape {
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" {
                    inEscape = false
                }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += character.terminalWidth
            }
        }
        return width
    }
}
