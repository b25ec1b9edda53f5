import Testing
@testable import SnapServer

/// Which proxies are trusted, and which address of X-Forwarded-For a connection through one counts as.
@Suite struct TrustedProxiesTests {
    @Test(arguments: ["127.0.0.1", "::1", "10.0.0.0/8", "192.168.1.0/24", "fd00::/8", "0.0.0.0/0", "2001:db8::7/128"])
    func addressesAndBlocksAreAccepted(entry: String) throws {
        #expect(try TrustedProxies([entry]).isEmpty == false)
    }

    @Test(arguments: ["", "localhost", "10.0.0.0/33", "::1/129", "10.0.0.1/", "/8", "1.2.3", "10.0.0.0/8/8", "10.0.0.0/+8",
        "1.2.3.4 ", "::1/ 8"])
    func anythingElseIsRefusedByName(entry: String) {
        #expect(throws: TrustedProxies.InvalidEntry(entry: entry)) { try TrustedProxies(["127.0.0.1", entry]) }
    }

    @Test func blocksContainTheirAddressesOnly() throws {
        let proxies = try TrustedProxies(["10.1.0.0/16", "fd00::/8"])
        #expect(proxies.trusts("10.1.255.3"))
        #expect(!proxies.trusts("10.2.0.1"))
        #expect(proxies.trusts("fd12::1"))
        #expect(!proxies.trusts("fe80::1"))
        // An IPv4 peer as a dual-stack socket reports it.
        #expect(proxies.trusts("::ffff:10.1.0.9"))
        #expect(!proxies.trusts("unknown"))
        #expect(try TrustedProxies(["10.1.2.3/16"]).entries == ["10.1.0.0/16"])
        #expect(!TrustedProxies().trusts("127.0.0.1"))
    }

    @Test func theRightmostAddressNotAProxyCounts() throws {
        let proxies = try TrustedProxies(["127.0.0.1", "10.0.0.0/8"])
        let count = { (values: [String]) in proxies.clientAddress(peer: "127.0.0.1", forwardedFor: values) }
        #expect(count(["203.0.113.5"]) == "203.0.113.5")
        #expect(count(["198.51.100.1, 203.0.113.5"]) == "203.0.113.5")
        #expect(count(["198.51.100.1", "203.0.113.5, 10.0.0.4"]) == "203.0.113.5")
        #expect(count([" 203.0.113.5 ,\t127.0.0.1"]) == "203.0.113.5")
        #expect(count(["::ffff:203.0.113.5"]) == "203.0.113.5")
        #expect(count(["2001:DB8:0::1"]) == "2001:db8::1")
        // Only proxies: the one furthest from this server.
        #expect(count(["10.0.0.4, 127.0.0.1"]) == "10.0.0.4")
        // Garbage to the left of the counted address is the client's own business.
        #expect(count(["nonsense, 203.0.113.5"]) == "203.0.113.5")
        // What cannot be read up to the counted address: the peer itself.
        for malformed in [[], [""], ["nonsense"], ["203.0.113.5, "], ["203.0.113.5:80"], ["[2001:db8::1]"], ["203.0.113.5, 10.0.0.4 x"]] {
            #expect(count(malformed) == "127.0.0.1", "\(malformed)")
        }
        // From a peer that is not a proxy, the header is never read.
        #expect(proxies.clientAddress(peer: "198.51.100.7", forwardedFor: ["203.0.113.5"]) == "198.51.100.7")
        #expect(TrustedProxies().clientAddress(peer: "127.0.0.1", forwardedFor: ["203.0.113.5"]) == "127.0.0.1")
    }
}
