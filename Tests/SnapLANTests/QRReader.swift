import Foundation

@testable import SnapLAN

/// Reads QR codes with ZBar's `zbarimg`, a decoder that owes nothing to the encoder under test.
enum QRReader {
    /// `zbarimg`, if installed.
    static let path = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg", "/opt/homebrew/bin/zbarimg"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Whether a missing tool or library is a failure rather than a reason to skip (scripts/test installs them).
    static let required = ProcessInfo.processInfo.environment["SNAP_REQUIRE_LAN"] == "1"

    /// Whether the QR tests can run: the library and the reader are here, or their absence must fail.
    static let available = (path != nil && QREncoder.shared != nil) || required

    /// What a picture of dark (`true`) and light pixels, row by row, reads as; nil if no code was found.
    static func read(pixels: [[Bool]], scale: Int = 4) throws -> String? {
        let height = pixels.count * scale
        let width = (pixels.first?.count ?? 0) * scale
        var bytes = Array("P5\n\(width) \(height)\n255\n".utf8)
        for row in pixels {
            let line = row.flatMap { dark in [UInt8](repeating: dark ? 0 : 255, count: scale) }
            for _ in 0..<scale { bytes += line }
        }
        let file = FileManager.default.temporaryDirectory.appending(path: "snap-qr-\(UUID().uuidString).pgm")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try read(file: file.path)
    }

    /// What the picture in `file` reads as (any format ImageMagick opens, SVG included); nil if no code was found.
    static func read(file: String) throws -> String? {
        guard let path else { throw Missing(what: "zbarimg (Debian: apt-get install zbar-tools)") }
        let process = Process()
        process.executableURL = URL(filePath: path)
        process.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", file]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // zbarimg exits with 4 when it found no code.
        guard process.terminationStatus == 0 else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    struct Missing: Error, CustomStringConvertible {
        var what: String
        var description: String { "\(what) is needed for this test" }
    }
}
