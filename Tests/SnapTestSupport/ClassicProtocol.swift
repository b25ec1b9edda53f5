import SnapProtocol

/// The last protocol version before version 10's fewer, fuller messages: one packet to a message, ActivatePlayer by
/// id, a judged call as PlayerCalledSnap and CallTiming. Tests of the rules over the wire speak it, so that what
/// older clients are sent stays exactly as it was; version 10's own tests speak ``Wire/version``.
public let classicProtocolVersion: UInt8 = 9
