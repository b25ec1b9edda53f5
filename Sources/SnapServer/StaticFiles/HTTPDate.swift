import Foundation

/// The date format of HTTP's Last-Modified and If-Modified-Since (RFC 9110 §5.6.7, IMF-fixdate), e.g.
/// `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    /// `date` as an IMF-fixdate.
    static func string(from date: Date) -> String {
        date.formatted(style)
    }

    /// The date an IMF-fixdate names; nil for anything else (the obsolete formats are not read: a browser sends back
    /// the date it was given).
    static func date(from text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let month = months.firstIndex(of: String(parts[2])) else { return nil }
        let time = parts[4].split(separator: ":").compactMap { Int($0) }
        guard let day = Int(parts[1]), let year = Int(parts[3]), time.count == 3 else { return nil }
        let components = DateComponents(year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2])
        return calendar.date(from: components)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        return calendar
    }()
    private static let style = Date.VerbatimFormatStyle(
        format: """
            \(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .padded(4)) \
            \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT
            """,
        locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "GMT")!, calendar: calendar)
}
