import Foundation
import Synchronization

/// A server started in its own process for a load run, so that the load generator's CPU is not the server's.
public final class ServerProcess: Sendable {
    /// Why a server process could not be used.
    public enum Failure: Error, CustomStringConvertible {
        case couldNotStart(String)
        case noPort(String)

        public var description: String {
            switch self {
            case .couldNotStart(let why): "The server process could not start: \(why)"
            case .noPort(let output):
                "The server process did not say which port it listens on within 30 seconds. It printed: \(output.isEmpty ? "nothing" : output)"
            }
        }
    }

    private let process: Process
    /// The port the server listens on.
    public let port: Int
    /// The server's process id.
    public var pid: Int32 { process.processIdentifier }

    private init(process: Process, port: Int) {
        self.process = process
        self.port = port
    }

    /// Starts `executable` with `arguments` and waits for it to print a loopback address with its port.
    public static func launch(executable: String, arguments: [String]) async throws -> ServerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        let printed = OutputWatcher()
        output.fileHandleForReading.readabilityHandler = { handle in printed.append(handle.availableData) }
        do {
            try process.run()
        } catch {
            throw Failure.couldNotStart("\(executable): \(error)")
        }
        for _ in 0..<300 {
            if let port = printed.port {
                return ServerProcess(process: process, port: port)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.terminate()
        throw Failure.noPort(printed.text)
    }

    /// Starts a server as ``launch(executable:arguments:)`` does, runs `body` with it, and stops it whatever
    /// `body` does.
    public static func with<Result>(
        executable: String, arguments: [String], _ body: (ServerProcess) async throws -> Result
    ) async throws -> Result {
        let server = try await launch(executable: executable, arguments: arguments)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Asks the server to stop (SIGTERM) and waits for it, killing it if it takes more than ten seconds.
    public func stop() async {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<100 {
            guard process.isRunning else { return }
            try? await Task.sleep(for: .milliseconds(100))
        }
        kill(process.processIdentifier, SIGKILL)
    }
}

/// Collects what the server prints and finds the port in it.
private final class OutputWatcher: Sendable {
    private let printed = Mutex("")

    func append(_ data: Data) {
        printed.withLock { $0 += String(decoding: data, as: UTF8.self) }
    }

    var text: String { printed.withLock { $0 } }

    /// The port of the first `127.0.0.1:PORT` printed.
    var port: Int? {
        let text = text
        guard let range = text.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression) else { return nil }
        return Int(text[range].split(separator: ":").last ?? "")
    }
}
