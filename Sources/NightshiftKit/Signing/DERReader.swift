/// Just enough DER (X.690) to walk an X.509 certificate: tag, length, contents.
struct DERElement: Sendable {
    var tag: UInt8
    var contents: ArraySlice<UInt8>

    static let sequence: UInt8 = 0x30
    static let set: UInt8 = 0x31
    static let objectIdentifier: UInt8 = 0x06
    static let utcTime: UInt8 = 0x17
    static let generalizedTime: UInt8 = 0x18

    struct Malformed: Error, Sendable, Hashable {}

    /// The elements inside a constructed element.
    func children() throws(Malformed) -> [DERElement] {
        var reader = DERReader(contents)
        var elements: [DERElement] = []
        while !reader.isAtEnd { elements.append(try reader.next()) }
        return elements
    }
}

struct DERReader {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { bytes.isEmpty }

    mutating func next() throws(DERElement.Malformed) -> DERElement {
        guard let tag = bytes.popFirst(), let first = bytes.popFirst() else { throw DERElement.Malformed() }
        var length = Int(first)
        if first & 0x80 != 0 {
            let count = Int(first & 0x7F)
            // Definite lengths only (DER), and nothing a certificate could need beyond 4 bytes.
            guard (1...4).contains(count), bytes.count >= count else { throw DERElement.Malformed() }
            length = bytes.prefix(count).reduce(0) { $0 << 8 | Int($1) }
            bytes = bytes.dropFirst(count)
        }
        guard bytes.count >= length else { throw DERElement.Malformed() }
        let contents = bytes.prefix(length)
        bytes = bytes.dropFirst(length)
        return DERElement(tag: tag, contents: contents)
    }
}
