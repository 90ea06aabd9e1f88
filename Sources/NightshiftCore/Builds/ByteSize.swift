/// A size as people write it in lanes.yml (`20GB`, `500 MB`, `1.5TB`, `1073741824`) and as Xcode
/// reads it in `COMPILATION_CACHE_LIMIT_SIZE`: a whole number of bytes, or a whole number with
/// `K`, `M`, `G` or `T`, each 1024 times the one before (swift-build's `CASOptions.parseSizeLimit`
/// and `ByteCount`). `20GB` is invalid for Xcode; here it is read as Xcode reads `20G`, so the two
/// agree on what a gigabyte is. `KiB`/`MiB`/`GiB`/`TiB` mean the same; a fraction is allowed and
/// becomes whole bytes.
public struct ByteSize: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let bytes: Int64

    public init(bytes: Int64) {
        self.bytes = bytes
    }

    /// The smallest limit worth keeping a cache under: below it one compiled module does not fit.
    public static let smallestLimit = ByteSize(bytes: 1 << 20)

    /// What `limit:` takes, for messages and the reference.
    public static let expected = "a size such as 20GB, 500MB or 1.5TB (K, M, G, T: 1024 each; at least 1MB)"

    private static let units: [(names: [String], exponent: Int)] = [
        (["", "b"], 0), (["k", "kb", "kib"], 1), (["m", "mb", "mib"], 2), (["g", "gb", "gib"], 3), (["t", "tb", "tib"], 4),
    ]

    /// Nil for anything else: no sign, no exponent, ASCII digits only, at most one decimal point,
    /// a known unit, not above `Int64.max` bytes.
    public init?(parsing text: String) {
        let trimmed = text.trimmingBlanks
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = trimmed.dropFirst(number.count).trimmingBlanks.lowercased()
        guard let exponent = Self.units.first(where: { $0.names.contains(unit) })?.exponent,
            let bytes = Self.bytes(number, exponent: exponent)
        else { return nil }
        self.bytes = bytes
    }

    /// Whole bytes of `number` × 1024^`exponent`, without floating point: the digits after the
    /// point (18 at most count) are scaled exactly and rounded down.
    private static func bytes(_ number: Substring, exponent: Int) -> Int64? {
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts.count == 1 || !parts[1].isEmpty,
            parts[0].count <= 19, let whole = Int64(parts[0])
        else { return nil }
        let scale = Int64(1) << (10 * exponent)
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        guard parts.count == 2 else { return scaled }
        let digits = parts[1].prefix(18)
        guard let numerator = UInt64(digits) else { return nil }
        var denominator: UInt64 = 1
        for _ in digits { denominator *= 10 }
        // numerator / denominator < 1, so the quotient is below `scale` and fits.
        let product = numerator.multipliedFullWidth(by: UInt64(scale))
        let fraction = Int64(denominator.dividingFullWidth(product).quotient)
        let (sum, sumOverflow) = scaled.addingReportingOverflow(fraction)
        return sumOverflow ? nil : sum
    }

    /// As Xcode reads it: the largest of `T`, `G`, `M`, `K` that divides it exactly, else bytes.
    public var xcodeSetting: String {
        for (suffix, exponent) in [("T", 4), ("G", 3), ("M", 2), ("K", 1)] {
            let scale = Int64(1) << (10 * exponent)
            if bytes % scale == 0 { return "\(bytes / scale)\(suffix)" }
        }
        return "\(bytes)"
    }

    /// `20 GB`, `1.5 TB`, `512 KB`, `900 B`: one decimal at most, in the 1024 units Xcode uses.
    public var description: String {
        let units = ["B", "KB", "MB", "GB", "TB", "PB", "EB"]
        var value = Double(bytes)
        var index = 0
        while value >= 1024, index < units.count - 1 {
            value /= 1024
            index += 1
        }
        guard index > 0 else { return "\(bytes) B" }
        let tenths = (value * 10).rounded() / 10
        let text = tenths == tenths.rounded() ? String(Int64(tenths)) : String(tenths)
        return "\(text) \(units[index])"
    }

    public static func < (lhs: ByteSize, rhs: ByteSize) -> Bool { lhs.bytes < rhs.bytes }
}

extension StringProtocol {
    fileprivate var trimmingBlanks: Substring {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
