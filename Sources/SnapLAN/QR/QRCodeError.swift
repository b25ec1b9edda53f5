/// Why a QR code could not be made.
public enum QRCodeError: Error, Equatable, CustomStringConvertible {
    /// There is nothing to encode.
    case empty
    /// More bytes than the largest QR code holds at the level used.
    case tooLong(Int)
    /// The library gave nothing back (out of memory, or it refused the text).
    case notEncoded
    /// The library is not installed.
    case libraryMissing

    public var description: String {
        switch self {
        case .empty: "There is nothing to put in a QR code."
        case .tooLong(let bytes): "\(bytes) bytes are too many for a QR code (at most \(QRCode.maximumBytes))."
        case .notEncoded: "The QR code library could not encode the text."
        case .libraryMissing: "QR codes are off: \(QREncoder.installHint)."
        }
    }
}
