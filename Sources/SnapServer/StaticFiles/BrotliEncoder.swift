import SnapLAN

/// Brotli (RFC 7932) by the system's libbrotlienc, opened at run time, at quality 5 in text mode. A file is
/// compressed on its first request, which waits for it: quality 5 does all the page's files in about 40 ms of one
/// core, quality 11 in over a second (for about 9 % fewer bytes), a second every fresh server would make its
/// first visitor wait.
struct BrotliEncoder: StaticFileEncoder {
    private typealias MaxCompressedSize = @convention(c) (Int) -> Int
    private typealias Compress = @convention(c) (
        Int32, Int32, Int32, Int, UnsafePointer<UInt8>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<UInt8>?
    ) -> Int32

    /// libbrotlienc, when this machine has it (Debian's libbrotli1, which browsers and fonts bring).
    static let system = BrotliEncoder(
        library: DynamicLibrary(firstOf: [
            "libbrotlienc.so.1", "libbrotlienc.so", "libbrotlienc.dylib", "/opt/homebrew/lib/libbrotlienc.dylib",
        ]))

    private static let (quality, defaultWindow, textMode): (Int32, Int32, Int32) = (5, 22, 1)

    private let maxSize: MaxCompressedSize
    private let compress: Compress

    var coding: ContentCoding { .brotli }

    private init?(library: DynamicLibrary?) {
        guard let library,
              let maxSize = library.function("BrotliEncoderMaxCompressedSize", as: MaxCompressedSize.self),
              let compress = library.function("BrotliEncoderCompress", as: Compress.self)
        else { return nil }
        (self.maxSize, self.compress) = (maxSize, compress)
    }

    func encode(_ bytes: [UInt8]) -> [UInt8]? {
        // 0 for an input too large to bound; an empty file needs a byte or two of its own.
        var encoded = [UInt8](repeating: 0, count: max(maxSize(bytes.count), 16))
        var length = encoded.count
        let succeeded = bytes.withUnsafeBufferPointer { source in
            encoded.withUnsafeMutableBufferPointer { target in
                compress(Self.quality, Self.defaultWindow, Self.textMode, source.count, source.baseAddress, &length, target.baseAddress)
            }
        }
        guard succeeded != 0 else { return nil }
        return Array(encoded.prefix(length))
    }
}
