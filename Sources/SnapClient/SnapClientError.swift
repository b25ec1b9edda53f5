import SnapCore
import SnapProtocol

/// Why a ``SnapClient`` could not do what it was asked.
///
/// Every request that waits for the server throws this type and nothing else, and each case keeps its meaning from
/// one release to the next (CHANGELOG.md says when one is added). Switch over it to tell a person what to do next:
///
/// ```swift
/// do {
///     let seat = try await client.sitDown(at: "KXPT")
/// } catch SnapClientError.refused(let refusal) where refusal.tableError == .tableFull {
///     print("That table is full: try another code.")
/// } catch {
///     print(error)  // a sentence for people
/// }
/// ```
public enum SnapClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was typed is not the address of a Snap! server or table: `ws://HOST:PORT`, `HOST:PORT`, or a table's
    /// link such as `http://192.168.1.20:8080/?t=KXPT`.
    case invalidAddress(String)
    /// The server could not be reached; ``Unreachable`` says how, for the person to check the right thing.
    case unreachable(Unreachable)
    /// The server answered with a refusal: the protocol's code and the server's own sentence.
    case refused(Refusal)
    /// The connection closed before the server answered.
    case connectionClosed
    /// The server did not answer within the time the client allows a request: the `answerTimeout` it was connected
    /// with (``SnapClient/defaultAnswerTimeout`` unless told otherwise).
    case timedOut
    /// A request of the same kind (a seat, a table to watch) is still waiting for its answer.
    case alreadyWaiting
    /// The task waiting was cancelled first; the server's answer, if it comes, is then only an update.
    case cancelled
    /// No Snap! server answered on the local network in the time looked.
    case noServerFound
    /// Looking for servers on the local network is not possible on this machine (no DNS-SD library, or its daemon
    /// is not running), and why.
    case discoveryUnavailable(String)

    /// How a server could not be reached.
    public enum Unreachable: Sendable, Hashable {
        /// The computer answered, but nothing listens on that port.
        case nothingListening
        /// The host name does not resolve.
        case unknownHost
        /// No answer at all in time.
        case noAnswer
        /// Something answered, but it does not speak WebSocket there: not a Snap! server, or the wrong path.
        case notSnap
        /// Anything else on the way there, in the network library's words.
        case other(String)
    }

    /// A refusal from the server: one of the protocol's error codes (docs/PROTOCOL.md, "Errors") and its message.
    public struct Refusal: Sendable, Hashable, CustomStringConvertible {
        /// The code as it came on the wire: below 100 a rule of the table (``tableError``), from 100 the server's
        /// own (``serverError``). A newer server may send a code this client does not know; both are then nil.
        public var code: UInt16
        /// What the server said, in a sentence for people.
        public var message: String

        /// A refusal with `code` and `message`.
        public init(code: UInt16, message: String) {
            self.code = code
            self.message = message
        }

        /// The rule of the table that refused (a full table, a round under way, …), when the code is one.
        public var tableError: TableError? { TableError(rawValue: code) }
        /// The server's reason (an unknown table code, a seat no longer kept, …), when the code is one.
        public var serverError: WireErrorCode? { WireErrorCode(rawValue: code) }

        /// The server's sentence.
        public var description: String { message }
    }

    /// What went wrong and what to check, in a sentence for people.
    public var description: String {
        switch self {
        case .invalidAddress(let text):
            "'\(text)' is not a Snap! address: use ws://HOST:PORT (e.g. ws://192.168.1.20:8080) or a table's link."
        case .unreachable(let how):
            switch how {
            case .nothingListening: "Nothing is listening there: is `snap` running? Check the address and the port."
            case .unknownHost: "No computer by that name was found: check the address."
            case .noAnswer: "No answer: check the address, and that a firewall lets the port through."
            case .notSnap: "Something answered, but not a Snap! server: check the port."
            case .other(let why): "Could not reach the server (\(why))."
            }
        case .refused(let refusal): refusal.message
        case .connectionClosed: "The server closed the connection before it answered. Try again."
        case .timedOut: "The server did not answer in time. Try again."
        case .alreadyWaiting: "A request like this one is still waiting for the server's answer."
        case .cancelled: "Stopped waiting for the server's answer."
        case .noServerFound: "No Snap! server answered on this network. Pass the server's address instead."
        case .discoveryUnavailable(let why): "Looking for servers on this network is off here: \(why)."
        }
    }

    /// The kind of a network library's error, from the words it uses (it passes errno values and resolver
    /// failures on as text).
    static func classifying(_ error: any Error) -> SnapClientError {
        let text = "\(error)"
        let lowered = text.lowercased()
        if lowered.contains("connection refused") || lowered.contains("errno: 111") { return .unreachable(.nothingListening) }
        if lowered.contains("dns") || lowered.contains("resolve") || lowered.contains("unknown host")
            || lowered.contains("name or service not known")
        {
            return .unreachable(.unknownHost)
        }
        if lowered.contains("timeout") || lowered.contains("timed out") { return .unreachable(.noAnswer) }
        if lowered.contains("upgrade") { return .unreachable(.notSnap) }
        return .unreachable(.other(text))
    }
}
