import Logging

extension Logger {
    /// A logger that only speaks of critical failures: a load run's thousands of clients would drown the report.
    static func quiet(_ label: String) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = .critical
        return logger
    }
}
