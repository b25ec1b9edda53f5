import Foundation

/// Debian's `libqrencode`, loaded at run time: makes QR codes without a home-made encoder, and without making the
/// library a build requirement. Where it is missing, ``shared`` is nil and the caller shows the link as text.
public final class QREncoder: Sendable {
    /// The C library's `QRcode`: a square of `width` × `width` bytes, bit 0 of each set for a dark module.
    private struct CQRCode {
        var version: Int32
        var width: Int32
        var data: UnsafeMutablePointer<UInt8>?
    }

    // QRcode *QRcode_encodeString(const char *string, int version, QRecLevel level, QRencodeMode hint, int casesensitive)
    private typealias EncodeString = @convention(c) (
        UnsafePointer<CChar>, Int32, Int32, Int32, Int32
    ) -> UnsafeMutableRawPointer?
    // void QRcode_free(QRcode *qrcode)
    private typealias Free = @convention(c) (UnsafeMutableRawPointer) -> Void

    /// The names the library goes by: Debian and most Linux systems, then Homebrew on macOS; or only the path in
    /// `SNAP_LIBQRENCODE`, for an unusual installation (and for the tests of a machine without it).
    public static let libraryNames =
        ProcessInfo.processInfo.environment["SNAP_LIBQRENCODE"].map { [$0] } ?? [
            "libqrencode.so.4", "libqrencode.so", "libqrencode.4.dylib", "/opt/homebrew/lib/libqrencode.dylib",
            "/usr/local/lib/libqrencode.dylib",
        ]

    /// The encoder, if the library could be loaded.
    public static let shared: QREncoder? = QREncoder(names: libraryNames)

    /// What to install where the library is missing.
    public static let installHint = "install libqrencode (Debian: apt-get install libqrencode4)"

    private let encodeString: EncodeString
    private let free: Free

    /// An encoder from the first of `names` that loads and has the two functions; nil otherwise.
    init?(names: [String]) {
        guard let library = DynamicLibrary(firstOf: names),
            let encodeString = library.function("QRcode_encodeString", as: EncodeString.self),
            let free = library.function("QRcode_free", as: Free.self)
        else { return nil }
        self.encodeString = encodeString
        self.free = free
    }

    /// `text` as a QR code, at error correction level M (a sixth of it may be smudged), in the smallest version
    /// that holds it; digits and capitals go in the denser modes, the rest as bytes.
    public func encode(_ text: String) throws(QRCodeError) -> QRCode {
        guard !text.isEmpty else { throw .empty }
        guard text.utf8.count <= QRCode.maximumBytes else { throw .tooLong(text.utf8.count) }
        // QR_ECLEVEL_M = 1, QR_MODE_8 = 2 (the hint for what is not digits or capitals), case sensitive.
        guard let raw = text.withCString({ encodeString($0, 0, 1, 2, 1) }) else { throw .notEncoded }
        defer { free(raw) }
        let code = raw.load(as: CQRCode.self)
        let width = Int(code.width)
        guard let data = code.data, width >= 21, width <= 177 else { throw .notEncoded }
        let modules = UnsafeBufferPointer(start: data, count: width * width).map { $0 & 1 == 1 }
        return QRCode(size: width, modules: modules)
    }
}
