/// Elements of one type packed in a tuple, read and written by index: fixed storage kept inline in a value that
/// every connection has, where an array would be an allocation of its own (and a copy whenever the value is
/// copied). The index is checked against the tuple's size.
enum InlineStorage {
    /// How many `Element`s a `Tuple` holds.
    static func capacity<Tuple, Element>(of _: Tuple.Type, _: Element.Type) -> Int {
        MemoryLayout<Tuple>.size / MemoryLayout<Element>.stride
    }

    /// The element at `index` of `tuple`.
    static func load<Tuple, Element>(_ index: Int, of tuple: Tuple, as _: Element.Type) -> Element {
        precondition(index >= 0 && index < capacity(of: Tuple.self, Element.self), "index \(index) out of range")
        return withUnsafeBytes(of: tuple) { $0.load(fromByteOffset: index * MemoryLayout<Element>.stride, as: Element.self) }
    }

    /// Writes `value` at `index` of `tuple`.
    static func store<Tuple, Element>(_ value: Element, at index: Int, in tuple: inout Tuple) {
        precondition(index >= 0 && index < capacity(of: Tuple.self, Element.self), "index \(index) out of range")
        withUnsafeMutableBytes(of: &tuple) {
            $0.storeBytes(of: value, toByteOffset: index * MemoryLayout<Element>.stride, as: Element.self)
        }
    }
}
