/// The handler a callback's context points to.
private final class ReplyHandler<Reply>: Sendable {
    let handle: @Sendable (Reply) -> Void
    init(_ handle: @escaping @Sendable (Reply) -> Void) { self.handle = handle }

    static func from(_ context: UnsafeMutableRawPointer?) -> ReplyHandler? {
        context.map { Unmanaged<ReplyHandler>.fromOpaque($0).takeUnretainedValue() }
    }
}

private func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}

extension DNSServiceLibrary {
    /// `kDNSServiceType_A`.
    static let recordTypeA: UInt16 = 1
    /// `kDNSServiceType_AAAA`.
    static let recordTypeAAAA: UInt16 = 28

    /// Registers the service `name` of `type` on `port` with `txt` (`DNSServiceRegister`) on `interface` (0 for
    /// every one); `reply` hears the outcome. Deallocating the operation's ref withdraws it.
    func register(
        name: String, type: String, port: Int, txt: [UInt8], interface: UInt32,
        reply: @escaping @Sendable (DNSServiceReply.Registered) -> Void
    ) async throws(DNSServiceError) -> DNSServiceOperation {
        let callback: RegisterReply = { _, _, code, name, _, _, context in
            ReplyHandler<DNSServiceReply.Registered>.from(context)?.handle(.init(code: code, name: string(name)))
        }
        return try await DNSServiceOperation.start(library: self, context: ReplyHandler(reply)) { ref, context in
            txt.withUnsafeBytes { bytes in
                // No kDNSServiceFlagsNoAutoRename: Avahi's library refuses it. A taken name fails with -65548
                // (Avahi) or is renamed by the library (Apple's), and the reply says which name it got.
                self.serviceRegister(
                    ref, 0, interface, name, type, nil, nil, UInt16(port).bigEndian, UInt16(bytes.count), bytes.baseAddress,
                    callback, context)
            }
        }
    }

    /// Replaces the primary TXT record of the registration `ref` (`DNSServiceUpdateRecord` with no record ref).
    func updateTXT(_ ref: ServiceRef, _ txt: [UInt8]) -> Int32 {
        txt.withUnsafeBytes { bytes in serviceUpdateRecord(ref, nil, 0, UInt16(bytes.count), bytes.baseAddress, 0) }
    }

    /// Browses for services of `type` (`DNSServiceBrowse`) on every interface.
    func browse(
        type: String, reply: @escaping @Sendable (DNSServiceReply.Browsed) -> Void
    ) async throws(DNSServiceError) -> DNSServiceOperation {
        let callback: BrowseReply = { _, flags, interface, code, name, type, domain, context in
            ReplyHandler<DNSServiceReply.Browsed>.from(context)?.handle(
                .init(flags: flags, interface: interface, code: code, name: string(name), type: string(type), domain: string(domain)))
        }
        return try await DNSServiceOperation.start(library: self, context: ReplyHandler(reply)) { ref, context in
            self.serviceBrowse(ref, 0, 0, type, nil, callback, context)
        }
    }

    /// Resolves the instance `name` (`DNSServiceResolve`) to its host, port and TXT record.
    func resolve(
        name: String, type: String, domain: String, interface: UInt32,
        reply: @escaping @Sendable (DNSServiceReply.Resolved) -> Void
    ) async throws(DNSServiceError) -> DNSServiceOperation {
        let callback: ResolveReply = { _, _, interface, code, _, host, port, txtLength, txt, context in
            let bytes = txt.map { Array(UnsafeBufferPointer(start: $0, count: Int(txtLength))) } ?? []
            ReplyHandler<DNSServiceReply.Resolved>.from(context)?.handle(
                .init(interface: interface, code: code, host: string(host), port: Int(UInt16(bigEndian: port)), txt: bytes))
        }
        return try await DNSServiceOperation.start(library: self, context: ReplyHandler(reply)) { ref, context in
            self.serviceResolve(ref, 0, interface, name, type, domain, callback, context)
        }
    }

    /// Asks for the records of `type` (class IN) of `fullName` (`DNSServiceQueryRecord`).
    func queryRecord(
        fullName: String, type: UInt16, interface: UInt32, reply: @escaping @Sendable (DNSServiceReply.Record) -> Void
    ) async throws(DNSServiceError) -> DNSServiceOperation {
        let callback: QueryRecordReply = { _, flags, interface, code, _, type, _, length, data, _, context in
            let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
            ReplyHandler<DNSServiceReply.Record>.from(context)?.handle(
                .init(flags: flags, interface: interface, code: code, type: type, data: bytes))
        }
        return try await DNSServiceOperation.start(library: self, context: ReplyHandler(reply)) { ref, context in
            self.serviceQueryRecord(ref, 0, interface, fullName, type, 1, callback, context)
        }
    }
}
