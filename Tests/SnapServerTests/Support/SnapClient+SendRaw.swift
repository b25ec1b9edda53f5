import NIOCore
@testable import SnapClient

extension SnapClient {
    /// Sends raw bytes as one binary frame on the client's connection, for tests of the server's defences: a
    /// client in a test may send what no real client would.
    func sendRaw(_ bytes: [UInt8]) async {
        try? await outbound?.write(.binary(ByteBuffer(bytes: bytes)))
    }
}
