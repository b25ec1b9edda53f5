import FuzzSupport
import SnapProtocol

/// The packet decoder's fuzz target: any bytes either throw a `ProtocolError` or decode to a frame that encodes
/// back to exactly the same bytes and renders as JSON (what `snap decode` prints). Nothing may trap.
@main
enum FuzzDecoder {
    static func main() {
        FuzzDriver.run(fuzzDecoder)
    }

    /// Checks one input; a frame that does not encode back to its bytes stops the run, which libFuzzer reports as
    /// a crash and saves.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let frame = try? Frame.decode(bytes) else { return }
        let encoded = frame.encoded()
        guard encoded.elementsEqual(bytes) else {
            fatalError("\(frame) decoded from \(Hex.string(bytes)) encodes to \(Hex.string(encoded))")
        }
        _ = frame.json.rendered()
    }
}

/// libFuzzer's entry point: called once per input.
@c(LLVMFuzzerTestOneInput)
func fuzzDecoder(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzDecoder.check(FuzzDriver.bytes(start, count))
    return 0
}
