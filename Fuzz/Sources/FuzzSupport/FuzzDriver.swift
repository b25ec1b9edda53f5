import CLibFuzzer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts libFuzzer from a target's `@main`.
///
/// SwiftPM renames an executable's entry point (to `<Target>_main`, so that tests can link the module) and points
/// `main` at it, so libFuzzer's own `main` is never linked: each target's `main()` hands over to libFuzzer here.
public enum FuzzDriver {
    /// Runs libFuzzer with the process's arguments on `testOneInput`, then exits with libFuzzer's status.
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }

    /// The input libFuzzer passed, as bytes (an empty input may come with no address).
    public static func bytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: count > 0 ? start : nil, count: count)
    }
}
