import ArgumentParser
import Foundation
import Logging
import SnapBench
import SnapCommandLine

/// `snap-bench floor-server`: the transport floor `snap-bench baseline` loads.
struct FloorServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "floor-server",
        abstract: "Run the transport floor: the least server that plays Snap!, sending what a Snap! server sends.",
        discussion: "`snap-bench baseline` starts one by itself; run it by hand to load it from another machine."
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 0

    @Option(help: "Speed factor: every delay of the game is divided by it, as by `snap serve --speed`.")
    var speed = 1.0

    @Option(help: "Seed for table codes and deals, as `snap serve --seed` (default: random).")
    var seed: UInt64?

    func validate() throws {
        try validateSpeed(speed)
        try validatePort(port, allowingAnyFree: true)
    }

    func run() async throws {
        var settings = FloorServer.Settings()
        settings.host = host
        settings.port = port
        settings.speed = speed
        settings.seed = seed
        var logger = Logger(label: "snap.floor")
        logger.logLevel = .error
        let host = host
        try await FloorServer(settings: settings, logger: logger).run { port in
            FileHandle.standardOutput.write(Data("Floor server listening on ws://\(host):\(port)/ws\n".utf8))
        }
    }
}
