import SnapLAN

/// gzip (RFC 1952) by the system's zlib, opened at run time: zlib's own format from `compress2` at its best level,
/// re-wrapped as gzip (zlib's two-byte header and Adler-32 trailer replaced by gzip's header, CRC-32 and length).
struct GzipEncoder: StaticFileEncoder {
    private typealias CompressBound = @convention(c) (UInt) -> UInt
    private typealias Compress2 = @convention(c) (
        UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt, Int32
    ) -> Int32
    private typealias CRC32 = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt

    /// zlib, when this machine has it (every Linux and macOS does).
    static let system = GzipEncoder(library: DynamicLibrary(firstOf: ["libz.so.1", "libz.so", "libz.dylib", "libz.1.dylib"]))

    private let bound: CompressBound
    private let compress: Compress2
    private let crc32: CRC32

    var coding: ContentCoding { .gzip }

    private init?(library: DynamicLibrary?) {
        guard let library,
              let bound = library.function("compressBound", as: CompressBound.self),
              let compress = library.function("compress2", as: Compress2.self),
              let crc32 = library.function("crc32", as: CRC32.self)
        else { return nil }
        (self.bound, self.compress, self.crc32) = (bound, compress, crc32)
    }

    func encode(_ bytes: [UInt8]) -> [UInt8]? {
        var zlib = [UInt8](repeating: 0, count: Int(bound(UInt(bytes.count))))
        var length = UInt(zlib.count)
        let status = bytes.withUnsafeBufferPointer { source in
            zlib.withUnsafeMutableBufferPointer { target in
                compress(target.baseAddress, &length, source.baseAddress, UInt(source.count), 9)
            }
        }
        // Z_OK; a zlib stream is at least its header and trailer.
        guard status == 0, length >= 6 else { return nil }
        let checksum = UInt32(truncatingIfNeeded: bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) })
        // ID1 ID2, deflate, no flags, no time, "slowest" compression, unknown system.
        var gzip: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 2, 255]
        gzip += zlib[2..<Int(length) - 4]
        gzip += Self.littleEndian(checksum) + Self.littleEndian(UInt32(truncatingIfNeeded: bytes.count))
        return gzip
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
