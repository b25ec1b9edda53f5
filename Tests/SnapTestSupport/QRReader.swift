import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads QR codes with ZBar's `zbarimg`, a decoder that owes nothing to the encoder under test.
public enum QRReader {
    /// `zbarimg`, if installed.
    public static let path = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg", "/opt/homebrew/bin/zbarimg"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Whether a missing tool or library is a failure rather than a reason to skip (scripts/test installs them).
    public static let required = ProcessInfo.processInfo.environment["SNAP_REQUIRE_LAN"] == "1"

    /// Whether libqrencode is installed (the encoder under test loads it by this name).
    public static let encoderInstalled = dlopen("libqrencode.so.4", RTLD_NOW) != nil
        || dlopen("libqrencode.4.dylib", RTLD_NOW) != nil

    /// Whether the QR tests can run: the library and the reader are here, or their absence must fail.
    public static let available = (path != nil && encoderInstalled) || required

    /// What a picture of dark (`true`) and light pixels, row by row, reads as; nil if no code was found.
    public static func read(pixels: [[Bool]], scale: Int = 4) async throws -> String? {
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
        return try await read(file: file.path)
    }

    /// What the picture in `file` reads as (PNG, PGM and the formats ImageMagick opens); nil if no code was found.
    public static func read(file: String) async throws -> String? {
        guard let path else { throw Missing(what: "zbarimg (Debian: apt-get install zbar-tools)") }
        return try await offThePool { try run(path, file: file) }
    }

    /// Runs zbarimg on `file` to its end: it blocks its thread.
    private static func run(_ path: String, file: String) throws -> String? {
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

    /// The pixels of lines of half-block characters (▀ ▄ █ and spaces) as a terminal draws them, dark halves dark,
    /// with a light margin of `margin` pixels around.
    public static func pixels(ofHalfBlocks lines: [String], margin: Int = 4) -> [[Bool]] {
        let width = lines.map(\.count).max() ?? 0
        var pixels = [[Bool]]()
        for line in lines {
            let halves = line.padding(toLength: width, withPad: " ", startingAt: 0).map { character -> (Bool, Bool) in
                switch character {
                case "█": (true, true)
                case "▀": (true, false)
                case "▄": (false, true)
                default: (false, false)
                }
            }
            pixels.append(halves.map(\.0))
            pixels.append(halves.map(\.1))
        }
        let side = [Bool](repeating: false, count: margin)
        let blank = [Bool](repeating: false, count: width + 2 * margin)
        return Array(repeating: blank, count: margin) + pixels.map { side + $0 + side } + Array(repeating: blank, count: margin)
    }

    struct Missing: Error, CustomStringConvertible {
        var what: String
        var description: String { "\(what) is needed for this test" }
    }
}
