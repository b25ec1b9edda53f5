import SnapCore

extension PlayerID {
    /// The id of the `number`-th person to sign in to a server: the number in base 62, so as short as it can be
    /// ("1", "2", … "10" after the 62nd), because every turn may send an id to every seat. Ids are public and not
    /// secret — the token is — and never contain the "-" that computer players' ids have.
    public static func signedIn(_ number: UInt64) -> PlayerID {
        PlayerID(base62(number))
    }

    static func base62(_ number: UInt64) -> String {
        let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var number = number
        var text = ""
        repeat {
            text.insert(digits[Int(number % 62)], at: text.startIndex)
            number /= 62
        } while number > 0
        return text
    }
}
