import Logging

/// The server's log on standard error, in which the frameworks' routine messages wait for `--log-level debug`.
///
/// At `info` (the default) the game's own messages show, and the frameworks' only from `notice` up: their
/// "Serving files from …" and "Server started and listening on …" would push the banner down, and say nothing
/// the banner does not.
struct ServerLogHandler: LogHandler {
    private var stream: StreamLogHandler

    /// A handler for the logger labelled `label`, at `level`.
    init(label: String, level: Logger.Level) {
        stream = StreamLogHandler.standardError(label: label)
        stream.logLevel = level
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { stream.metadata }
        set { stream.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { stream[metadataKey: key] }
        set { stream[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        if event.level < .notice, logLevel > .debug, !Self.isOurs(event.source) { return }
        stream.log(event: event)
    }

    /// Whether a message comes from one of this package's modules (a log event's source is its module's name).
    private static func isOurs(_ source: String) -> Bool {
        source == "snap" || source.hasPrefix("Snap")
    }
}
