import Foundation
import SnapTestSupport

/// Debian's nginx for the tests, run by `scripts/nginx` as the current user on a free loopback port, each with a
/// folder of its own for its configuration, pid and logs. Without nginx installed the tests that need it are
/// skipped, unless `SNAP_REQUIRE_NGINX=1` (scripts/test sets it, after installing nginx): then `scripts/nginx`
/// installs it, or they fail.
enum TestNginx {
    static let required = ProcessInfo.processInfo.environment["SNAP_REQUIRE_NGINX"] == "1"
    static let installed: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return (path.split(separator: ":").map(String.init) + ["/usr/sbin"]).contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/nginx")
        }
    }()
    static let enabled = installed || required
    static let skipped = "nginx is not installed (scripts/test installs Debian's); SNAP_REQUIRE_NGINX=1 fails instead"

    /// An nginx that could not start: what scripts/nginx said.
    struct Failure: Error, CustomStringConvertible {
        var output: String
        var description: String { "scripts/nginx failed: \(output)" }
    }

    /// Starts nginx in front of `nodes` (host:port each; node N in this order is also at /nodes/N/ws), keeping its
    /// files in `folder`; returns its address, http://127.0.0.1:PORT.
    static func start(in folder: URL, nodes: [String]) async throws -> String {
        _ = try await offThePool { try script(["start", folder.path] + nodes) }
        let url = try String(contentsOf: folder.appendingPathComponent("url"), encoding: .utf8)
        return url.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops the nginx started in `folder`, and deletes what it wrote there.
    static func stop(in folder: URL) async {
        _ = try? await offThePool { try script(["stop", folder.path]) }
    }

    @discardableResult
    /// Runs scripts/nginx to its end: it blocks its thread (``offThePool(_:)``).
    private static func script(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [SnapBinary.packageRoot.appendingPathComponent("scripts/nginx").path] + arguments
        // A file, not a pipe: nginx goes on in the background holding what the script's output was, so a pipe
        // would never end.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("snap-nginx-output-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try FileHandle(forWritingTo: file)
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        process.waitUntilExit()
        try? output.close()
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else { throw Failure(output: text) }
        return text
    }
}
