import SnapProtocol

/// What tests and benchmarks watch or change in a ``SnapClient``: not part of the supported API (it is behind
/// `@_spi(Instrumentation) import SnapClient`), and a real client never needs it.
@_spi(Instrumentation)
public struct ClientInstruments: Sendable {
    /// Keep every received message's bytes (``SnapClient/receivedBytes``).
    public var recordBytes: Bool
    /// Told of every packet the moment it is decoded, before the client acts on it (the load generator stamps
    /// arrival times with it).
    public var onPacket: (@Sendable (Packet) -> Void)?
    /// The protocol version to speak: the newest by default; 1 behaves as an old client that says no Hello and
    /// calls without a reaction time.
    public var protocolVersion: UInt8
    /// What to answer each Ping with (nil: do not answer); it may wait first. Nil here answers at once with the
    /// ping's value, as the server expects: only the fairness benchmark's cheating clients and its tests change it.
    public var answerPing: (@Sendable (UInt64) async -> UInt64?)?

    /// Instruments that change nothing, or what is given.
    public init(
        recordBytes: Bool = false, onPacket: (@Sendable (Packet) -> Void)? = nil, protocolVersion: UInt8 = Wire.version,
        answerPing: (@Sendable (UInt64) async -> UInt64?)? = nil
    ) {
        self.recordBytes = recordBytes
        self.onPacket = onPacket
        self.protocolVersion = protocolVersion
        self.answerPing = answerPing
    }
}
