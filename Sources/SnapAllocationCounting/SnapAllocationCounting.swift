// Imported only so that building this library builds libMallocInterposerSwift.so beside `snap`.
import MallocInterposerSwift

/// The reason this module exists: building it puts `libMallocInterposerSwift.so` beside the `snap` executable.
///
/// `snap bench engine` preloads that library into a child process (`LD_PRELOAD`) and reads its counters
/// through `dlsym`. Nothing links this module or the interposer, so the normal `snap` binary, and the server
/// in it, never pays for counting allocations.
public enum SnapAllocationCounting {}
