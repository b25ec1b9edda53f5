import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Snap! server announced on the local network through DNS-SD: registered under its name (or "Name (2)",
/// "Name (3)"… when the name is taken), with a TXT record that can be updated, until ``withdraw()``.
public final class LANAnnouncement: Sendable {
    /// The name it was registered under.
    public let name: String
    /// This machine's `.local` host name (such as `vm.local`), found by resolving the registered service through
    /// DNS-SD, as any other machine would; nil when that did not answer in time.
    public let hostName: String?
    /// The port announced.
    public let port: Int
    private let operation: DNSServiceOperation
    private let library: DNSServiceLibrary

    /// How many names are tried ("Name", "Name (2)" … "Name (20)") before giving up.
    public static let maximumAttempts = 20
    /// How long the daemon may take to confirm a registration (Avahi probes the name for about a second).
    static let registrationLimit: Duration = .seconds(10)
    /// `kDNSServiceErr_Timeout`, for a registration the daemon never confirmed.
    static let timeoutCode: Int32 = -65568

    private init(name: String, hostName: String?, port: Int, operation: DNSServiceOperation, library: DNSServiceLibrary) {
        self.name = name
        self.hostName = hostName
        self.port = port
        self.operation = operation
        self.library = library
    }

    /// Registers `name` of `type` on `port` with `txt`, numbering the name while it is taken, and finds the host
    /// name; returns once the daemon has confirmed the registration. `thisMachineOnly` announces it to this
    /// machine alone (for a server listening on a loopback address, which nobody else could reach).
    ///
    /// - Throws: ``DNSServiceError``: `.serviceNotRunning` when the daemon is down, `.nameConflict` when every
    ///   name tried was taken.
    public static func start(
        name: String,
        type: String = LANService.type,
        port: Int,
        txt: ServerTXT,
        thisMachineOnly: Bool = false,
        library: DNSServiceLibrary
    ) async throws(DNSServiceError) -> LANAnnouncement {
        let interface = thisMachineOnly ? Self.localOnlyInterface : 0
        for attempt in 1...maximumAttempts {
            let candidate = ServiceName.numbered(name, attempt: attempt)
            let outcome = OneShot<DNSServiceReply.Registered>()
            let operation: DNSServiceOperation
            do {
                operation = try await library.register(
                    name: candidate, type: type, port: port, txt: txt.record.bytes, interface: interface, reply: { outcome.fulfil($0) })
            } catch .nameConflict {
                continue
            }
            guard let reply = await outcome.wait(upTo: registrationLimit) else {
                await operation.stop()
                throw .failed(code: timeoutCode)
            }
            guard reply.code == 0 else {
                await operation.stop()
                if DNSServiceError(code: reply.code) == .nameConflict { continue }
                throw DNSServiceError(code: reply.code)
            }
            let registered = reply.name.isEmpty ? candidate : reply.name
            let host = await Self.hostName(of: registered, type: type, library: library)
            return LANAnnouncement(name: registered, hostName: host, port: port, operation: operation, library: library)
        }
        throw .nameConflict
    }

    /// The interface that reaches this machine alone: `kDNSServiceInterfaceIndexLocalOnly` for Apple's library;
    /// Avahi's has no such index, so the loopback interface's own.
    static var localOnlyInterface: UInt32 {
        #if canImport(Darwin)
        UInt32.max
        #else
        if_nametoindex("lo")
        #endif
    }

    /// Replaces the TXT record.
    public func update(_ txt: ServerTXT) async throws(DNSServiceError) {
        let bytes = txt.record.bytes
        let library = library
        guard let code = await operation.withRef({ ref in library.updateTXT(ref, bytes) }) else {
            throw .failed(code: DNSServiceError.unknownCode)
        }
        if code != 0 { throw DNSServiceError(code: code) }
    }

    /// Takes the service off the network (the daemon sends a goodbye, so browsers drop it at once).
    public func withdraw() async {
        await operation.stop()
    }

    /// The host the service `name` resolves to, without the final dot.
    private static func hostName(of name: String, type: String, library: DNSServiceLibrary) async -> String? {
        let resolved = OneShot<DNSServiceReply.Resolved>()
        guard
            let operation = try? await library.resolve(
                name: name, type: type, domain: "local.", interface: 0, reply: { resolved.fulfil($0) })
        else { return nil }
        let reply = await resolved.wait(upTo: .seconds(3))
        await operation.stop()
        guard let reply, reply.code == 0, !reply.host.isEmpty else { return nil }
        let host = reply.host.hasSuffix(".") ? String(reply.host.dropLast()) : reply.host
        return ServiceName.printable(host)
    }
}
