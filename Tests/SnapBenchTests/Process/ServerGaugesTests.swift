import Testing

@testable import SnapBench

/// The soak reads tables, connections and the card check from the server's Prometheus text.
@Suite struct ServerGaugesTests {
    static let exposition = """
        # TYPE snap_connections gauge
        snap_connections 44.0
        # TYPE snap_tables gauge
        snap_tables 12
        # TYPE snap_card_conservation_failures_total counter
        snap_card_conservation_failures_total 0
        snap_errors_total{code="100"} 27
        snap_packets_in_total 1234
        """

    @Test func theGaugesAreReadFromPrometheusText() {
        #expect(
            ServerGauges.parse(Self.exposition)
                == ServerGauges(tables: 12, connections: 44, cardConservationFailures: 0, packetsIn: 1_234))
        #expect(ServerGauges.parse("snap_tables 1\n") == nil, "no connections gauge")
    }

    @Test func anAnswerIsReadOnlyOnceItsWholeBodyIsThere() {
        let body = "snap_tables 3\nsnap_connections 5\n"
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        #expect(ServerGauges.body(of: answer) == body)
        #expect(ServerGauges.body(of: Array(answer.dropLast())) == nil)
        #expect(ServerGauges.body(of: Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8)) == nil)
    }
}
