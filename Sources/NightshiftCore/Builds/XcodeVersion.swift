/// An Xcode version as people write it (`26.2`, `26.1.1`, `27.0 beta 3`, `14.0 Beta 6`) and as an
/// install reports it (`CFBundleShortVersionString`, which never carries a beta number).
public struct XcodeVersion: Sendable, Hashable, CustomStringConvertible {
    /// One to three numbers: a pin may leave out the patch (`26.2`) or the minor (`26`).
    public var components: [Int]
    /// `beta` with its number when written (`27.0 beta 3`), nil for a release.
    public var beta: Beta?

    public enum Beta: Sendable, Hashable {
        /// Any beta of the version.
        case any
        case number(Int)
    }

    public init(components: [Int], beta: Beta? = nil) {
        self.components = components
        self.beta = beta
    }

    /// `26.2`, `26.1.1`, `27.0 beta 3`, `27.0 Beta`, `27.0-beta3`; nil for anything else. `GM`
    /// (what `.xcode-version` files of old Xcodes say) is the release.
    public init?(parsing text: String) {
        var words = text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "-" }).map(String.init)
        guard let number = words.first, !number.isEmpty else { return nil }
        words.removeFirst()
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var components: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 6, part.allSatisfy(\.isASCIIDigit), let value = Int(part) else { return nil }
            components.append(value)
        }
        self.components = components
        switch words.count {
        case 0: beta = nil
        case 1 where words[0] == "gm": beta = nil
        case 1 where words[0] == "beta": beta = .any
        case 1 where words[0].hasPrefix("beta"):
            guard let value = Self.betaNumber(words[0].dropFirst(4)) else { return nil }
            beta = .number(value)
        case 2 where words[0] == "beta":
            guard let value = Self.betaNumber(Substring(words[1])) else { return nil }
            beta = .number(value)
        default: return nil
        }
    }

    private static func betaNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 3, text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }

    /// Whether `installed` (a full version) is this one, or a patch of it when the pin leaves
    /// the patch out: `26.2` covers `26.2` and `26.2.1`; `26.2.0` is `26.2`.
    public func covers(_ installed: XcodeVersion) -> Bool {
        let mine = components, theirs = installed.padded(to: max(3, components.count))
        for (index, value) in mine.enumerated() where theirs[index] != value { return false }
        return true
    }

    /// The numbers with missing trailing ones as 0, for comparing `26.2` with `26.2.0`.
    public func padded(to count: Int) -> [Int] { components + Array(repeating: 0, count: max(0, count - components.count)) }

    /// Newer first by the numbers alone (`26.10` after `26.9`).
    public static func numerically(_ lhs: XcodeVersion, _ rhs: XcodeVersion) -> Bool {
        lhs.padded(to: 3).lexicographicallyPrecedes(rhs.padded(to: 3))
    }

    public var description: String {
        let number = components.map(String.init).joined(separator: ".")
        switch beta {
        case nil: return number
        case .any: return number + " beta"
        case .number(let value): return "\(number) beta \(value)"
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
