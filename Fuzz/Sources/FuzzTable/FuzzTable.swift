import FuzzSupport
import SnapCore

/// The rules engine's fuzz target: the input is a script (a seed and options, then steps from every seat and
/// of the clock) played on a ``TableRunner``, with the invariants checked after every step (``TableFuzzRun``).
@main
enum FuzzTable {
    static func main() {
        FuzzDriver.run(fuzzTable)
    }

    /// Plays one script; a broken invariant stops the run, which libFuzzer reports as a crash and saves.
    static func play(_ bytes: UnsafeBufferPointer<UInt8>) {
        var input = FuzzInput(bytes)
        var run = TableFuzzRun(from: &input)
        while !input.isAtEnd {
            run.take(FuzzStep(from: &input, table: run.runner.table))
        }
        run.checkMirrors()
    }
}

/// libFuzzer's entry point: called once per input.
@c(LLVMFuzzerTestOneInput)
func fuzzTable(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTable.play(FuzzDriver.bytes(start, count))
    return 0
}
