/// How the server judges calls (`snap serve --judging`).
public enum FairnessJudging: String, Sendable, CaseIterable, Codable {
    /// The first call to arrive wins.
    case arrival
    /// The fastest reaction wins, within the server's bound.
    case reaction
}
