/// This release of the Snap! package: its version, as a dependent pins it, and the protocol version it speaks.
/// CHANGELOG.md at the root of the repository says what each release changed.
public enum SnapRelease {
    /// The package's semantic version (`MAJOR.MINOR.PATCH`): the git tag of this release.
    public static let version = "1.0.0"
    /// The newest protocol version this release speaks (its servers speak every older one too).
    public static let protocolVersion = Wire.version
    /// "1.0.0 (protocol 11)", as `snap --version` prints it.
    public static var description: String { "\(version) (protocol \(protocolVersion))" }
}
