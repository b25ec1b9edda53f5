import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks for Snap! servers on the local network for a moment: browses, resolves each instance found and asks for
/// its host's addresses, and returns each server once (DNS-SD reports an instance once per interface and IP
/// version).
public final class LANBrowser: Sendable {
    private let library: DNSServiceLibrary
    private let type: String
    private let state = Mutex(State())

    private struct Instance {
        var name: String
        var domain: String
        var interfaces: Set<UInt32>
        var resolved: DNSServiceReply.Resolved?
        var addresses: [String] = []
    }

    private struct State {
        var instances: [String: Instance] = [:]
        var operations: [DNSServiceOperation] = []
        var finished = false
    }

    private init(library: DNSServiceLibrary, type: String) {
        self.library = library
        self.type = type
    }

    /// The servers announced as `type`, looked for during `duration`; an instance found but not yet resolved by
    /// then gets up to `grace` more.
    ///
    /// - Throws: ``DNSServiceError`` when browsing cannot start (`.serviceNotRunning` when the daemon is down).
    public static func servers(
        type: String = LANService.type,
        lookingFor duration: Duration = .milliseconds(1_500),
        grace: Duration = .seconds(1),
        library: DNSServiceLibrary
    ) async throws(DNSServiceError) -> [DiscoveredServer] {
        let browser = LANBrowser(library: library, type: type)
        let operation = try await library.browse(type: type) { [browser] reply in browser.browsed(reply) }
        browser.keep(operation)
        try? await Task.sleep(for: duration)
        let deadline = ContinuousClock.now + grace
        while ContinuousClock.now < deadline, browser.anyWithoutAddress {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await browser.finish()
    }

    private var anyWithoutAddress: Bool {
        state.withLock { $0.instances.values.contains { $0.resolved == nil || $0.addresses.isEmpty } }
    }

    private func keep(_ operation: DNSServiceOperation) {
        let late = state.withLock { state -> Bool in
            if !state.finished { state.operations.append(operation) }
            return state.finished
        }
        if late { operation.cancel() }
    }

    private func browsed(_ reply: DNSServiceReply.Browsed) {
        guard reply.code == 0 else { return }
        let key = "\(reply.name.lowercased())|\(reply.domain.lowercased())"
        let isNew = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            if reply.flags & DNSServiceReply.add == 0 {
                state.instances[key]?.interfaces.remove(reply.interface)
                if state.instances[key]?.interfaces.isEmpty == true { state.instances[key] = nil }
                return false
            }
            if state.instances[key] != nil {
                state.instances[key]?.interfaces.insert(reply.interface)
                return false
            }
            state.instances[key] = Instance(name: reply.name, domain: reply.domain, interfaces: [reply.interface])
            return true
        }
        guard isNew else { return }
        let (library, type) = (library, type)
        Task {
            let operation = try? await library.resolve(
                name: reply.name, type: type, domain: reply.domain, interface: reply.interface
            ) { [self] resolved in self.resolved(resolved, key: key) }
            if let operation { keep(operation) }
        }
    }

    private func resolved(_ reply: DNSServiceReply.Resolved, key: String) {
        guard reply.code == 0, !reply.host.isEmpty else { return }
        let isFirst = state.withLock { state -> Bool in
            guard !state.finished, state.instances[key] != nil, state.instances[key]?.resolved == nil else { return false }
            state.instances[key]?.resolved = reply
            return true
        }
        guard isFirst else { return }
        let library = library
        for recordType in [DNSServiceLibrary.recordTypeA, DNSServiceLibrary.recordTypeAAAA] {
            Task {
                let operation = try? await library.queryRecord(
                    fullName: reply.host, type: recordType, interface: reply.interface
                ) { [self] record in self.found(record, key: key) }
                if let operation { keep(operation) }
            }
        }
    }

    private func found(_ record: DNSServiceReply.Record, key: String) {
        guard record.code == 0, record.flags & DNSServiceReply.add != 0,
            let address = Self.text(of: record.data, type: record.type, interface: record.interface)
        else { return }
        state.withLock { state in
            guard !state.finished, var instance = state.instances[key], !instance.addresses.contains(address) else { return }
            if address.contains(":") {
                instance.addresses.append(address)
            } else {
                let firstIPv6 = instance.addresses.firstIndex { $0.contains(":") } ?? instance.addresses.endIndex
                instance.addresses.insert(address, at: firstIPv6)
            }
            state.instances[key] = instance
        }
    }

    /// An A or AAAA record's address as text; nil for a record of the wrong length.
    static func text(of data: [UInt8], type: UInt16, interface: UInt32) -> String? {
        let family: Int32
        switch (type, data.count) {
        case (DNSServiceLibrary.recordTypeA, 4): family = AF_INET
        case (DNSServiceLibrary.recordTypeAAAA, 16): family = AF_INET6
        default: return nil
        }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, data, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        var text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A link-local IPv6 address means nothing without the interface it is reached through.
        if family == AF_INET6, data[0] == 0xFE, data[1] & 0xC0 == 0x80 {
            var name = [CChar](repeating: 0, count: Int(IF_NAMESIZE) + 1)
            if if_indextoname(interface, &name) != nil {
                text += "%" + String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return text
    }

    private func finish() async -> [DiscoveredServer] {
        let (instances, operations) = state.withLock { state in
            state.finished = true
            defer { state.operations = [] }
            return (Array(state.instances.values), state.operations)
        }
        for operation in operations { await operation.stop() }
        return instances.compactMap { instance -> DiscoveredServer? in
            guard let resolved = instance.resolved else { return nil }
            let host = resolved.host.hasSuffix(".") ? String(resolved.host.dropLast()) : resolved.host
            return DiscoveredServer(
                name: ServiceName.printable(instance.name), host: ServiceName.printable(host), port: resolved.port,
                addresses: instance.addresses, txt: ServerTXT(TXTRecord(bytes: resolved.txt)))
        }
        .sorted { ($0.name.lowercased(), $0.address) < ($1.name.lowercased(), $1.address) }
    }
}
