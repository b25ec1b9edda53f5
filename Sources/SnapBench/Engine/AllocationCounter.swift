import Foundation

/// The counters of ordo-one's malloc interposer, when its library is preloaded into this process.
///
/// They are found at run time with `dlsym`, so nothing links the interposer: a `snap` that was not started with
/// it preloaded allocates through libc as usual and ``inThisProcess()`` is nil.
public struct AllocationCounter {
    private typealias Switch = @convention(c) () -> Void
    private typealias Read =
        @convention(c) (
            UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
            UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?
        ) -> Void

    private let enable: Switch
    private let disable: Switch
    private let reset: Switch
    private let read: Read

    /// The interposer's counters, or nil when the interposer is not loaded in this process.
    public static func inThisProcess() -> AllocationCounter? {
        // The handle of the program itself looks symbols up in the global scope, preloaded libraries included.
        guard let program = dlopen(nil, RTLD_NOW) else { return nil }
        func symbol<F>(_ name: String, as type: F.Type) -> F? {
            dlsym(program, name).map { unsafeBitCast($0, to: type) }
        }
        guard let enable = symbol("malloc_interposer_enable", as: Switch.self),
            let disable = symbol("malloc_interposer_disable", as: Switch.self),
            let reset = symbol("malloc_interposer_reset", as: Switch.self),
            let read = symbol("malloc_interposer_get_stats", as: Read.self)
        else { return nil }
        return AllocationCounter(enable: enable, disable: disable, reset: reset, read: read)
    }

    /// Runs `body` with counting on and returns its value and what it allocated, on every thread meanwhile.
    public func counting<T>(_ body: () throws -> T) rethrows -> (T, AllocationCount) {
        reset()
        enable()
        let value: T
        do {
            value = try body()
        } catch {
            disable()
            throw error
        }
        disable()
        return (value, counted())
    }

    /// What has been counted so far, while counting runs: read it twice within ``counting(_:)`` for a stretch of
    /// its body. Allocates nothing.
    public func counted() -> AllocationCount {
        var allocations: Int64 = 0
        var bytes: Int64 = 0
        var small: Int64 = 0
        var large: Int64 = 0
        var frees: Int64 = 0
        var freedBytes: Int64 = 0
        read(&allocations, &bytes, &small, &large, &frees, &freedBytes)
        return AllocationCount(allocations: Int(allocations), bytes: Int(bytes), frees: Int(frees))
    }
}
