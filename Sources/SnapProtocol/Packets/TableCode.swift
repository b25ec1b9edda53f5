/// Table codes: four letters that are easy to read aloud and hard to mistype (no I or O).
public enum TableCode {
    /// The letters a code is made of.
    public static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ")
    /// The number of letters in a code.
    public static let length = 4

    /// A random code.
    public static func random(using generator: inout some RandomNumberGenerator) -> String {
        String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// The code a person typed, cleaned up (trimmed, upper-cased), or nil if it cannot be a code.
    public static func normalized(_ typed: String) -> String? {
        let code = String(typed.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            .uppercased()
        guard code.count == length, code.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return code
    }
}
