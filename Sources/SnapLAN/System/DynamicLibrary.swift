#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library opened at run time with `dlopen`, so that `snap` builds and runs on a machine without it and only
/// the feature that needs it is off.
public final class DynamicLibrary: @unchecked Sendable {
    // The handle is never closed: the library stays loaded for the life of the process, like a linked one.
    private let handle: UnsafeMutableRawPointer
    /// The name it was opened by.
    public let name: String

    /// Opens the first of `names` that loads; nil if none does.
    public init?(firstOf names: [String]) {
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                self.handle = handle
                self.name = name
                return
            }
        }
        return nil
    }

    /// The C function `symbol`, as the function type `type`; nil if the library has no such symbol.
    public func function<Function>(_ symbol: String, as type: Function.Type) -> Function? {
        guard let address = dlsym(handle, symbol) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}
