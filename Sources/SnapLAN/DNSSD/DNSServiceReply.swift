/// What the DNS-SD library's callbacks report, as Swift values (strings copied out of the C buffers, which live
/// only for the length of the callback).
enum DNSServiceReply {
    /// `kDNSServiceFlagsMoreComing`: more replies are already queued.
    static let moreComing: UInt32 = 0x1
    /// `kDNSServiceFlagsAdd`: a service appeared (without it, it went away).
    static let add: UInt32 = 0x2

    /// A registration's outcome: the name it got, or an error.
    struct Registered: Sendable {
        var code: Int32
        var name: String
    }

    /// A service instance that appeared or went away on one interface.
    struct Browsed: Sendable {
        var flags: UInt32
        var interface: UInt32
        var code: Int32
        var name: String
        var type: String
        var domain: String
    }

    /// Where an instance is: its host's name, its port and its TXT record.
    struct Resolved: Sendable {
        var interface: UInt32
        var code: Int32
        var host: String
        var port: Int
        var txt: [UInt8]
    }

    /// One resource record (here an A or AAAA record: an address of a host).
    struct Record: Sendable {
        var flags: UInt32
        var interface: UInt32
        var code: Int32
        var type: UInt16
        var data: [UInt8]
    }
}
