import Foundation

/// The DNS-SD API of `dns_sd.h`, loaded at run time: Apple's, built into libSystem on macOS and iOS; Avahi's
/// Bonjour-compatible `libdns_sd.so.1` on Linux. Loaded rather than linked so that `snap` builds and runs on a
/// machine without Avahi, with only LAN discovery off.
// Only immutable function pointers, which any thread may call.
public final class DNSServiceLibrary: @unchecked Sendable {
    /// `DNSServiceRef`, an opaque handle.
    public typealias ServiceRef = OpaquePointer

    typealias RegisterReply = @convention(c) (
        ServiceRef?, UInt32, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        UnsafeMutableRawPointer?
    ) -> Void
    typealias Register = @convention(c) (
        UnsafeMutablePointer<ServiceRef?>?, UInt32, UInt32, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        UnsafePointer<CChar>?, UnsafePointer<CChar>?, UInt16, UInt16, UnsafeRawPointer?, RegisterReply?,
        UnsafeMutableRawPointer?
    ) -> Int32
    typealias UpdateRecord = @convention(c) (ServiceRef?, OpaquePointer?, UInt32, UInt16, UnsafeRawPointer?, UInt32) -> Int32
    typealias BrowseReply = @convention(c) (
        ServiceRef?, UInt32, UInt32, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        UnsafeMutableRawPointer?
    ) -> Void
    typealias Browse = @convention(c) (
        UnsafeMutablePointer<ServiceRef?>?, UInt32, UInt32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, BrowseReply?,
        UnsafeMutableRawPointer?
    ) -> Int32
    typealias ResolveReply = @convention(c) (
        ServiceRef?, UInt32, UInt32, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UInt16, UInt16,
        UnsafePointer<UInt8>?, UnsafeMutableRawPointer?
    ) -> Void
    typealias Resolve = @convention(c) (
        UnsafeMutablePointer<ServiceRef?>?, UInt32, UInt32, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        UnsafePointer<CChar>?, ResolveReply?, UnsafeMutableRawPointer?
    ) -> Int32
    typealias QueryRecordReply = @convention(c) (
        ServiceRef?, UInt32, UInt32, Int32, UnsafePointer<CChar>?, UInt16, UInt16, UInt16, UnsafeRawPointer?, UInt32,
        UnsafeMutableRawPointer?
    ) -> Void
    typealias QueryRecord = @convention(c) (
        UnsafeMutablePointer<ServiceRef?>?, UInt32, UInt32, UnsafePointer<CChar>?, UInt16, UInt16, QueryRecordReply?,
        UnsafeMutableRawPointer?
    ) -> Int32
    typealias SockFD = @convention(c) (ServiceRef?) -> Int32
    typealias ProcessResult = @convention(c) (ServiceRef?) -> Int32
    typealias Deallocate = @convention(c) (ServiceRef?) -> Void

    /// The file the functions come from.
    public let name: String
    let serviceRegister: Register
    let serviceUpdateRecord: UpdateRecord
    let serviceBrowse: Browse
    let serviceResolve: Resolve
    // Addresses come from DNSServiceQueryRecord (A and AAAA records), not DNSServiceGetAddrInfo: Avahi's
    // compatibility library has no DNSServiceGetAddrInfo, and QueryRecord is in both Apple's and Avahi's, so the
    // one path tested here is the one that runs everywhere.
    let serviceQueryRecord: QueryRecord
    let refSockFD: SockFD
    let processResult: ProcessResult
    let refDeallocate: Deallocate

    /// The environment variable that names the library to load instead of the platform's, for tests and unusual
    /// installs (a nonexistent file turns LAN discovery off).
    public static let environmentVariable = "SNAP_DNS_SD_LIBRARY"

    /// The names tried, in order, when the environment names none.
    public static var platformNames: [String] {
        #if canImport(Darwin)
        ["/usr/lib/libSystem.B.dylib"]
        #else
        ["libdns_sd.so.1", "libdns_sd.so"]
        #endif
    }

    /// The library of this process, loaded once: the one the environment names, or the platform's.
    public static let shared: Result<DNSServiceLibrary, DNSServiceError> = {
        let named = ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : [$0] }
        do throws(DNSServiceError) {
            return .success(try DNSServiceLibrary(firstOf: named ?? platformNames))
        } catch {
            return .failure(error)
        }
    }()

    /// Loads the first of `names` that opens and has every function needed.
    public init(firstOf names: [String]) throws(DNSServiceError) {
        // Avahi's library prints a three-line warning to standard error on first use ("uses the Apple Bonjour
        // compatibility layer") unless this is set; we use that layer on purpose, for portability.
        setenv("AVAHI_COMPAT_NOWARN", "1", 0)
        guard let library = DynamicLibrary(firstOf: names) else { throw .libraryMissing(tried: names) }
        func load<Function>(_ symbol: String, as type: Function.Type) throws(DNSServiceError) -> Function {
            guard let function = library.function(symbol, as: type) else { throw .functionMissing(symbol) }
            return function
        }
        name = library.name
        serviceRegister = try load("DNSServiceRegister", as: Register.self)
        serviceUpdateRecord = try load("DNSServiceUpdateRecord", as: UpdateRecord.self)
        serviceBrowse = try load("DNSServiceBrowse", as: Browse.self)
        serviceResolve = try load("DNSServiceResolve", as: Resolve.self)
        serviceQueryRecord = try load("DNSServiceQueryRecord", as: QueryRecord.self)
        refSockFD = try load("DNSServiceRefSockFD", as: SockFD.self)
        processResult = try load("DNSServiceProcessResult", as: ProcessResult.self)
        refDeallocate = try load("DNSServiceRefDeallocate", as: Deallocate.self)
    }
}
