import SnapProtocol

/// Decides what one message from a client asks for and where it goes — once, as it is read: it checks the frame,
/// reads the packet, holds the request to its rate (``RequestRates``) and routes it by where the connection stands
/// (``Position``). It does nothing itself: it returns a ``Decision``, which ``PlayerConnection`` carries out.
///
/// One per connection: it keeps the count of malformed messages and the connection's rates.
struct RequestRouter: Sendable {
    /// Where a connection stands when a message arrives.
    struct Position: Hashable, Sendable {
        /// Whether the person has signed in (or reconnected).
        var signedIn = false
        /// Whether they sit at a table.
        var seated = false
        /// Whether they watch a table (without a seat).
        var watching = false
        /// The protocol version the client speaks.
        var version: UInt8 = 1
    }

    /// What to do with a message.
    enum Decision: Hashable, Sendable {
        /// Take the request where it goes.
        case route(Route)
        /// Refuse it with an Error packet (`message` nil: the code's own); nothing else happens.
        case refuse(WireErrorCode, message: String? = nil)
        /// Refuse it, and close the connection (1002): it was one malformed message too many.
        case refuseAndClose(WireErrorCode, message: String)
        /// Close the connection (1008): it went over its limits once too often.
        case close
    }

    private var rates: RequestRates
    private var malformed = 0
    /// Malformed messages a connection may send before it is closed.
    private let malformedLimit: Int

    /// A router holding a connection to `rates`, and to `malformedLimit` malformed messages.
    init(rates: RequestRates, malformedLimit: Int) {
        self.rates = rates
        self.malformedLimit = malformedLimit
    }

    /// Decides what the message `bytes` (a binary frame, or not) received at `now` asks, from a connection at
    /// `position`.
    mutating func decide(_ bytes: [UInt8], binary: Bool, at now: Duration, from position: Position) -> Decision {
        guard binary else { return malformed(.malformedPacket, "Packets are binary frames; text frames are not understood.") }
        let request: ClientRequest
        do {
            request = try ClientRequest(Frame.decode(bytes).packet)
        } catch let error as WireErrorCode {
            return malformed(error, "That packet is one the server sends, not one it takes.")
        } catch {
            return malformed(.malformedPacket, "That packet could not be read: \(error).")
        }
        if let kind = RequestLimits.Kind(request) {
            switch rates.take(kind, at: now) {
            case .allowed: break
            case .refused: return .refuse(.rateLimited, message: "Too many \(kind.rawValue) requests: slow down.")
            case .exhausted: return .close
            }
        }
        return route(request, at: now, from: position)
    }

    /// Where `request` goes from `position`, or why it is refused there.
    private mutating func route(_ request: ClientRequest, at now: Duration, from position: Position) -> Decision {
        switch request {
        case .connection(let request):
            return .route(.connection(request))
        case .lobby(let request):
            return Self.route(request, from: position)
        case .atTable where !position.signedIn:
            return .refuse(.notSignedIn)
        case .atTable(let request) where position.seated:
            if case .act(.callSnap) = request, !rates.takeCall(at: now) {
                return .refuse(.rateLimited, message: "Too many Snap! calls: slow down.")
            }
            return .route(.table(request))
        case .atTable(let request) where position.watching:
            return .route(.watcher(WatcherRequest(request)))
        case .atTable:
            return .refuse(.notAtTable)
        }
    }

    /// Where a request for the lobby goes from `position`, or why it is refused there.
    private static func route(_ request: LobbyRequest, from position: Position) -> Decision {
        switch request {
        case .signIn where position.signedIn:
            .refuse(.alreadySignedIn)
        case .signIn, .reconnect:
            .route(.lobby(request))
        case _ where !position.signedIn:
            // Listing, hosting, joining and watching need a name.
            .refuse(.notSignedIn)
        case .watch where position.version < PacketType.watchTable.sinceVersion:
            .refuse(.unexpectedPacket, message: "Watching needs protocol version 4: send Hello(4) first.")
        case .listTables, .host, .join, .watch:
            .route(.lobby(request))
        }
    }

    /// Counts a malformed message: refused, and the last one allowed closes the connection.
    private mutating func malformed(_ code: WireErrorCode, _ message: String) -> Decision {
        malformed += 1
        return malformed >= malformedLimit ? .refuseAndClose(code, message: message) : .refuse(code, message: message)
    }
}
