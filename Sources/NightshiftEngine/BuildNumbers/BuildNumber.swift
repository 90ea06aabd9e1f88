/// A build number as Apple reads `CFBundleVersion`: one to three period-separated non-negative
/// integers, compared part by part with missing parts as zero ("1.2" is "1.2.0", "10" is above
/// "9"). App Store Connect refuses an upload whose number is not above every earlier one.
public struct BuildNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let mostParts = 3
    /// Apple documents none, but no real build number is longer: a longer text is refused
    /// rather than parsed into a huge integer.
    public static let mostDigits = 18

    public let parts: [UInt64]

    /// nil when `text` is not one: empty parts, signs, letters, more than three parts.
    public init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...Self.mostParts).contains(pieces.count) else { return nil }
        var parts: [UInt64] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.count <= Self.mostDigits, piece.utf8.allSatisfy({ (48...57).contains($0) }),
                let value = UInt64(piece)
            else { return nil }
            parts.append(value)
        }
        self.parts = parts
    }

    /// What an app with no build yet starts at.
    public static let first = BuildNumber(parts: [1])

    private init(parts: [UInt64]) {
        self.parts = parts
    }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    /// The smallest step above: the last part plus one, in the same form ("812" → "813",
    /// "4.2" → "4.3").
    public var next: BuildNumber {
        var parts = self.parts
        parts[parts.count - 1] += 1
        return BuildNumber(parts: parts)
    }

    public static func < (lhs: BuildNumber, rhs: BuildNumber) -> Bool {
        for index in 0..<mostParts {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    /// Equal as Apple compares them: "1.0" and "1" are the same number.
    public static func == (lhs: BuildNumber, rhs: BuildNumber) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    public func hash(into hasher: inout Hasher) {
        var parts = self.parts
        while parts.count > 1, parts.last == 0 { parts.removeLast() }
        hasher.combine(parts)
    }
}
