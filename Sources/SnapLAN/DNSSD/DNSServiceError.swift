/// Why a DNS-SD call failed: the library is missing, the daemon behind it is not running, the name is taken, or
/// another `kDNSServiceErr_…` code from `dns_sd.h`.
public enum DNSServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No DNS-SD library could be loaded under any of these names.
    case libraryMissing(tried: [String])
    /// The library that loaded lacks a function this code calls.
    case functionMissing(String)
    /// The daemon that answers DNS-SD calls is not running: `kDNSServiceErr_ServiceNotRunning` (-65563) from
    /// Apple's library, or `kDNSServiceErr_Unknown` (-65537), which Avahi's library answers to every call while
    /// the avahi-daemon (or the system D-Bus it talks through) is down.
    case serviceNotRunning(code: Int32)
    /// The name is already taken on the network: `kDNSServiceErr_NameConflict` (-65548).
    case nameConflict
    /// The library does not support the call or a flag of it: `kDNSServiceErr_Unsupported` (-65544).
    case unsupported
    /// Any other error code.
    case failed(code: Int32)

    /// `kDNSServiceErr_Unknown`.
    public static let unknownCode: Int32 = -65537
    /// `kDNSServiceErr_Unsupported`.
    public static let unsupportedCode: Int32 = -65544
    /// `kDNSServiceErr_NameConflict`.
    public static let nameConflictCode: Int32 = -65548
    /// `kDNSServiceErr_ServiceNotRunning`.
    public static let serviceNotRunningCode: Int32 = -65563

    /// The error for a `DNSServiceErrorType` other than `kDNSServiceErr_NoError` (0).
    public init(code: Int32) {
        switch code {
        case Self.unknownCode, Self.serviceNotRunningCode: self = .serviceNotRunning(code: code)
        case Self.nameConflictCode: self = .nameConflict
        case Self.unsupportedCode: self = .unsupported
        default: self = .failed(code: code)
        }
    }

    /// The DNS-SD code, when the error came from a call.
    public var code: Int32? {
        switch self {
        case .libraryMissing, .functionMissing: nil
        case .serviceNotRunning(let code), .failed(let code): code
        case .nameConflict: Self.nameConflictCode
        case .unsupported: Self.unsupportedCode
        }
    }

    public var description: String {
        switch self {
        case .libraryMissing(let names): "no DNS-SD library could be loaded (tried \(names.joined(separator: ", ")))"
        case .functionMissing(let name): "the DNS-SD library has no function \(name)"
        case .serviceNotRunning(let code): "the DNS-SD daemon is not running (error \(code))"
        case .nameConflict: "the name is already taken on the network (error \(Self.nameConflictCode))"
        case .unsupported: "the DNS-SD library does not support this call (error \(Self.unsupportedCode))"
        case .failed(let code): "DNS-SD error \(code)"
        }
    }
}
