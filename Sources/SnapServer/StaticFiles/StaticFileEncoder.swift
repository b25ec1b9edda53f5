/// A compressor of whole files into one ``ContentCoding``, by a system library opened at run time (see
/// ``GzipEncoder`` and ``BrotliEncoder``): a machine without the library sends its files in the other coding, or
/// as they are.
protocol StaticFileEncoder: Sendable {
    /// The coding this encoder writes.
    var coding: ContentCoding { get }
    /// `bytes` in ``coding``; nil if the library failed.
    func encode(_ bytes: [UInt8]) -> [UInt8]?
}

/// The encoders this machine has, the one to prefer on a tie first.
enum StaticFileEncoders {
    static let available: [any StaticFileEncoder] = [BrotliEncoder.system as (any StaticFileEncoder)?, GzipEncoder.system].compactMap { $0 }
}
