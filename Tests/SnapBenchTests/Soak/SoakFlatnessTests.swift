import Testing

@testable import SnapBench

/// The soak's rule for "flat": memory within 10 % (at least 8 MiB) of what it was after the warm-up, descriptors
/// beside connections within 16, each side the median of up to three samples.
@Suite struct SoakFlatnessTests {
    static let mebibyte = 1_048_576

    func samples(_ rss: [Int], descriptors: [Int]? = nil, connections: [Int]? = nil) -> [SoakSample] {
        rss.indices.map { index in
            SoakSample(
                seconds: Double(index), rssBytes: rss[index] * Self.mebibyte, descriptors: descriptors?[index] ?? 60,
                tables: 10, connections: connections?[index] ?? 40)
        }
    }

    @Test func growthWithinTheAllowanceIsFlatAndBeyondItIsNot() throws {
        let flat = try #require(SoakFlatness.judge(samples([30, 40, 40, 41, 42, 47, 47, 47]), warmUpSeconds: 1))
        #expect(flat.rssBytesAfterWarmUp == 40 * Self.mebibyte)
        #expect(flat.rssBytesAtEnd == 47 * Self.mebibyte)
        #expect(flat.rssAllowanceBytes == 8 * Self.mebibyte)
        #expect(flat.memoryFlat)
        let grown = try #require(SoakFlatness.judge(samples([30, 40, 40, 41, 42, 49, 49, 49]), warmUpSeconds: 1))
        #expect(!grown.memoryFlat)
    }

    @Test func aLargeServerIsAllowedTenPerCent() throws {
        let judged = try #require(SoakFlatness.judge(samples([500, 500, 500, 545, 545, 545]), warmUpSeconds: 0))
        #expect(judged.rssAllowanceBytes == 50 * Self.mebibyte)
        #expect(judged.memoryFlat)
        #expect(
            !(try #require(SoakFlatness.judge(samples([500, 500, 500, 555, 555, 555]), warmUpSeconds: 0))).memoryFlat)
    }

    @Test func oneSpikeAtTheEndDoesNotDecide() throws {
        let judged = try #require(SoakFlatness.judge(samples([40, 40, 40, 40, 90, 41]), warmUpSeconds: 0))
        #expect(judged.rssBytesAtEnd == 41 * Self.mebibyte)
        #expect(judged.memoryFlat)
    }

    @Test func descriptorsAreJudgedNetOfConnections() throws {
        let moreConnections = try #require(
            SoakFlatness.judge(
                samples(
                    [40, 40, 40, 40, 40, 40], descriptors: [60, 60, 60, 160, 160, 160],
                    connections: [40, 40, 40, 140, 140, 140]),
                warmUpSeconds: 0))
        #expect(moreConnections.descriptorGrowth == 0)
        #expect(moreConnections.descriptorsFlat)
        let leaking = try #require(
            SoakFlatness.judge(
                samples([40, 40, 40, 40, 40, 40], descriptors: [60, 60, 60, 80, 80, 80]), warmUpSeconds: 0))
        #expect(leaking.descriptorGrowth == 20)
        #expect(!leaking.descriptorsFlat)
    }

    @Test func withoutASampleAfterTheWarmUpThereIsNoJudgement() {
        #expect(SoakFlatness.judge(samples([40, 41]), warmUpSeconds: 5) == nil)
        #expect(SoakFlatness.judge([], warmUpSeconds: 0) == nil)
    }
}
