/// Bytes as lowercase hexadecimal, two digits a byte: how digests are written in the journal,
/// upload checks, lock and service names. The one encoder (three had grown, one of them a
/// `String(format:)` per byte).
extension Sequence<UInt8> {
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
