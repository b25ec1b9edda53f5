import Foundation
import SnapNetworkTools

/// What the server's `/metrics` says of itself: open tables, connections, packets read, the tables' own count of
/// cards not accounted for, and how long verdicts waited.
struct ServerGauges: Sendable, Equatable {
    /// `snap_tables`.
    var tables: Int
    /// `snap_connections`.
    var connections: Int
    /// `snap_card_conservation_failures_total` (0 while no table ever lost track of a card).
    var cardConservationFailures: Int
    /// `snap_packets_in_total`: messages read from every connection so far.
    var packetsIn = 0
    /// `snap_outbox_largest_bytes`: the most bytes ever waiting in one connection's outbox.
    var largestOutbox = 0
    /// `snap_judging_wait_seconds`: how long each verdict on Snap! calls waited (nil from a server without it).
    var judgingWait: MetricHistogram?

    /// Reads `http://127.0.0.1:port/metrics` (blocking: call it on a thread of its own); nil if it cannot be read.
    static func read(port: Int) -> ServerGauges? {
        guard let socket = try? TCPSocket(port: port, timeout: .seconds(2)) else { return nil }
        defer { socket.close() }
        let request = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        guard case .moved = socket.writeAll(Array(request.utf8)).last else { return nil }
        var answer = [UInt8]()
        while case .moved = socket.read(into: &answer) {
            if let body = body(of: answer) { return parse(body) }
        }
        return body(of: answer).flatMap(parse)
    }

    /// The body of a whole `200 OK` answer with a Content-Length; nil while more is to come.
    static func body(of answer: [UInt8]) -> String? {
        let text = String(decoding: answer, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.1 200"), let end = answer.firstRange(of: Array("\r\n\r\n".utf8)) else {
            return nil
        }
        let head = String(decoding: answer[..<end.lowerBound], as: UTF8.self).lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)),
            answer.count - end.upperBound >= length
        else { return nil }
        return String(decoding: answer[end.upperBound..<end.upperBound + length], as: UTF8.self)
    }

    /// The gauges in Prometheus' text format; nil unless both gauges are there.
    static func parse(_ text: String) -> ServerGauges? {
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            guard parts.count >= 2, let value = Double(parts[1]) else { continue }
            values[String(parts[0])] = value
        }
        guard let tables = values["snap_tables"], let connections = values["snap_connections"] else { return nil }
        return ServerGauges(
            tables: Int(tables), connections: Int(connections),
            cardConservationFailures: Int(values["snap_card_conservation_failures_total"] ?? 0),
            packetsIn: Int(values["snap_packets_in_total"] ?? 0),
            largestOutbox: Int(values["snap_outbox_largest_bytes"] ?? 0),
            judgingWait: MetricHistogram.named("snap_judging_wait_seconds", in: values))
    }
}
