import ArgumentParser
import Foundation
import SnapProtocol

/// `snap decode HEX`: reads one packet, or the packets of one message, written in hex and prints them as JSON.
struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode a Snap! packet (or a message of several) written in hex and print it as JSON.",
        discussion: """
            The hex may be split over several arguments and may contain spaces:
            `snap decode 534E4150FFFFFFFF0064` and `snap decode "53 4E 41 50 FF FF FF FF 00 64"` are the same.
            The JSON has sorted keys: {"number", "type", "name", "fields"}; docs/PROTOCOL.md lists the fields.
            A message from protocol version 10 on may hold several packets back to back: they are printed as a
            JSON array, in order.
            A packet that breaks the format is reported on standard error, with exit status 1.
            """
    )

    @Argument(help: "The packet's bytes (or a message's) in hex, two digits a byte; spaces are allowed.")
    var hex: [String]

    @Flag(help: "Print the JSON on one line.")
    var compact = false

    func validate() throws {
        guard !hex.joined().allSatisfy(\.isWhitespace) else {
            throw ValidationError("Give the packet's bytes in hex, e.g. snap decode 534E4150FFFFFFFF0064.")
        }
        do {
            _ = try Hex.bytes(hex.joined(separator: " "))
        } catch {
            throw ValidationError("That is not hex: \(error).")
        }
    }

    func run() throws {
        let bytes = try Hex.bytes(hex.joined(separator: " "))
        do {
            let frames = try Frame.decodeMessage(bytes)
            let json = frames.count == 1 ? frames[0].json : .array(frames.map(\.json))
            print(json.rendered(pretty: !compact))
        } catch {
            FileHandle.standardError.write(Data("Error: not a valid packet: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
