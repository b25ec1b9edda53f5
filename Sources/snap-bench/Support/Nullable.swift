/// An optional that JSON shows as `null` rather than leaving its key out.
struct Nullable<Wrapped: Encodable>: Encodable {
    let value: Wrapped?

    init(_ value: Wrapped?) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
