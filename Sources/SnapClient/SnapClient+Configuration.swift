import Logging

extension SnapClient {
    /// How a client connects and waits: the same for every way of connecting.
    ///
    /// ```swift
    /// var configuration = SnapClient.Configuration()
    /// configuration.answerTimeout = .seconds(5)
    /// let client = try await SnapClient.connect(to: "192.168.1.20:8080", name: "Ann", configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// Other servers of the same cluster (e.g. `ws://10.0.0.8:8080/ws`) to ask after a drop when neither the node
        /// the client was on nor the address it connected to can be reached: tried in turn, round robin, for the rest
        /// of the reconnect window. The first sign-in is at the address given only.
        public var fallbacks: [String]
        /// How long to keep trying to get back into the seat after a drop (a server keeps it 30 s as it comes).
        public var reconnectWindow: Duration
        /// How long the sign-in, and each request that waits for an answer, may take before it throws
        /// ``SnapClientError/timedOut``.
        public var answerTimeout: Duration
        /// Where the client logs what it cannot report on ``SnapClient/updates`` (an undecodable packet, say).
        public var logger: Logger

        /// A configuration with no fallbacks, a 30-second reconnect window, the default answer timeout
        /// (``SnapClient/defaultAnswerTimeout``), and a logger labelled `snap.client`; or what is given.
        public init(
            fallbacks: [String] = [], reconnectWindow: Duration = .seconds(30),
            answerTimeout: Duration = SnapClient.defaultAnswerTimeout, logger: Logger = Logger(label: "snap.client")
        ) {
            self.fallbacks = fallbacks
            self.reconnectWindow = reconnectWindow
            self.answerTimeout = answerTimeout
            self.logger = logger
        }
    }
}
