import SnapCore

extension ByteReader {
    /// A PhotoFinish's calls: 2 to 4, of different seats, each reaction at most its elapsed time and each head start
    /// one the rules allow.
    mutating func photoFinish(_ name: String) throws(ProtocolError) -> PhotoFinish {
        let field = "\(name).calls"
        let entries = try list(field, limit: Wire.maximumPlayers) { reader, index throws(ProtocolError) in
            let item = "\(field)[\(index)]"
            let seat = try reader.seat("\(item).seat")
            let elapsed = try reader.microseconds("\(item).elapsed")
            let reaction = try reader.microseconds("\(item).reaction")
            guard reaction <= elapsed else { throw .invalidValue(field: "\(item).reaction", value: Int(reaction)) }
            let allowance = try reader.microseconds("\(item).allowance")
            let headStart = Duration.milliseconds(Int(try reader.u16("\(item).headStart")))
            guard TableSettings.headStartChoices.contains(headStart) else {
                throw .invalidValue(field: "\(item).headStart", value: Int(headStart / .milliseconds(1)))
            }
            return PhotoFinish.Entry(
                seat: seat, elapsed: .microseconds(Int64(elapsed)), reaction: .microseconds(Int64(reaction)),
                allowance: .microseconds(Int64(allowance)), headStart: headStart)
        }
        guard entries.count >= 2 else { throw .countOutOfRange(field: field, count: entries.count) }
        guard Set(entries.map(\.seat)).count == entries.count else {
            throw .invalidValue(field: "\(field).seat", value: Int(entries.last!.seat.rawValue))
        }
        return PhotoFinish(entries: entries)
    }

    /// A NetworkTime: a known source, and figures only when they were measured.
    mutating func networkTime(_ name: String) throws(ProtocolError) -> NetworkTime {
        let seat = try seat("\(name).seat")
        let sourceByte = try u8("\(name).source")
        guard let source = NetworkTime.Source(rawValue: sourceByte) else {
            throw .invalidValue(field: "\(name).source", value: Int(sourceByte))
        }
        let median = try microseconds("\(name).median")
        let most = try microseconds("\(name).mostTakenOff")
        let samples = try u8("\(name).samples")
        guard source == .measured || (median == 0 && most == 0 && samples == 0) else {
            throw .invalidValue(field: "\(name).median", value: Int(median))
        }
        return NetworkTime(
            seat: seat, source: source, median: .microseconds(Int64(median)), mostTakenOff: .microseconds(Int64(most)),
            samples: Int(samples))
    }
}
