import Foundation
import PostgresNIO
import SnapStore

extension StoreError {
    /// The ``StoreError`` for what postgres-nio (or ``withDeadline(_:_:)``) threw: refusals and silence are
    /// ``StoreError/unreachable(location:reason:)``.
    init(postgres error: any Error, location: String, timeout: Duration) {
        switch error {
        case let error as StoreError:
            self = error
        case is DeadlineExceeded:
            self = .unreachable(location: location, reason: "no answer within \(timeout)")
        case let error as PostgresTransactionError:
            if let inner = error.closureError ?? error.beginError ?? error.commitError {
                self = StoreError(postgres: inner, location: location, timeout: timeout)
            } else {
                self = .failed(String(describing: error))
            }
        case let error as PSQLError:
            let message = error.serverInfo?[.message]
            switch error.code {
            case .server:
                let state = error.serverInfo?[.sqlState] ?? ""
                // Class 28: invalid authorization; 3D000: no such database; 08: connection exceptions; 57P:
                // the server shut down, crashed, cannot take connections now, or its administrator ended ours.
                if state.hasPrefix("28") || state == "3D000" || state.hasPrefix("08") || state.hasPrefix("57P") {
                    self = .unreachable(location: location, reason: message ?? "the server refused the connection")
                } else {
                    self = .failed(message ?? String(reflecting: error))
                }
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown,
                .sslUnsupported, .poolClosed:
                self = .unreachable(location: location, reason: error.underlying.map(Self.reason) ?? "\(error.code)")
            case .authMechanismRequiresPassword:
                self = .unreachable(location: location, reason: "the server asks for a password; add it to the URL")
            default:
                self = .failed(message ?? "\(error.code)")
            }
        default:
            self = .failed(String(describing: error))
        }
    }

    /// Why a connection failed, in a few words ("connection refused").
    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            if let lookup = error.dnsAError ?? error.dnsAAAAError {
                return "cannot find the host \(error.host) (\(lookup))"
            }
            return error.connectionErrors.first.map { reason($0.error) } ?? "cannot connect to \(error.host)"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case ChannelError.connectTimeout(let limit):
            return "no connection within \(limit.nanoseconds / 1_000_000) ms"
        default:
            return String(describing: error)
        }
    }
}
