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

    @Test func theJudgingWaitIsReadAsAHistogramAndMeasuredBetweenTwoReadings() throws {
        let earlier = try #require(ServerGauges.parse(Self.exposition + "\n" + Self.judgingWait(counts: [1, 2, 2], sum: 0.004)))
        let later = try #require(
            ServerGauges.parse(Self.exposition + "\n" + Self.judgingWait(counts: [1, 52, 102], sum: 1.504)))
        #expect(earlier.judgingWait?.buckets.map(\.bound) == [0.001, 0.01, 0.1])
        #expect(earlier.judgingWait?.count == 2)
        let measured = try #require(later.judgingWait?.since(earlier.judgingWait))
        #expect(measured.count == 100)
        #expect(measured.buckets.map(\.count) == [0, 50, 100])
        #expect(abs((measured.mean ?? 0) - 0.015) < 1e-9)
        #expect(measured.bound(holding: 0.5) == 0.01)
        #expect(measured.bound(holding: 0.99) == 0.1)
        #expect(MetricHistogram(buckets: [], sum: 0, count: 0).bound(holding: 0.99) == nil, "nothing observed")
        #expect(ServerGauges.parse(Self.exposition)?.judgingWait == nil, "an older server has no such histogram")
    }

    /// `snap_judging_wait_seconds` with buckets at 1, 10 and 100 ms holding `counts` (cumulative; the last is all).
    static func judgingWait(counts: [Int], sum: Double) -> String {
        """
        # TYPE snap_judging_wait_seconds histogram
        snap_judging_wait_seconds_bucket{le="0.001"} \(counts[0])
        snap_judging_wait_seconds_bucket{le="0.01"} \(counts[1])
        snap_judging_wait_seconds_bucket{le="0.1"} \(counts[2])
        snap_judging_wait_seconds_bucket{le="+Inf"} \(counts[2])
        snap_judging_wait_seconds_sum \(sum)
        snap_judging_wait_seconds_count \(counts[2])
        """
    }
}
