/// One misbehaving client of the soak: episode after episode of its ``HostileKind``, each on a thread of its own,
/// with a pause between them to keep the hostile load moderate.
struct HostileBot: Sendable {
    /// The misbehaviour.
    let kind: HostileKind
    /// The server's port on 127.0.0.1.
    let port: Int
    /// Seed for its choices.
    let seed: UInt64
    /// Where each episode's outcome goes.
    let reports: HostileReports

    /// Runs episodes until `stop` is raised.
    func run(until stop: StopFlag) async {
        var number = 0
        var pauses = BotPace(seed: seed, speed: 1)
        while !stop.isRaised {
            let (kind, port, seed) = (kind, port, seed)
            let episodeNumber = number
            let outcome = await OwnThread.run("soak \(kind.rawValue)") {
                var episode = HostileEpisode(kind: kind, port: port, number: episodeNumber, seed: seed, stop: stop)
                return episode.run()
            }
            reports.record(outcome, of: kind)
            number += 1
            try? await Task.sleep(for: pauses.pause(0.5...1.5))
        }
    }
}
