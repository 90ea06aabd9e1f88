/// `xcode:` as written at the top of lanes.yml, in a configuration or a lane, or the
/// `.xcode-version` file beside lanes.yml: which installed Xcode the steps use.
public struct XcodeRequirement: Sendable, Hashable, CustomStringConvertible {
    public enum Choice: Sendable, Hashable {
        /// A version; without a patch, the newest installed patch of it.
        case version(XcodeVersion)
        /// The newest installed release, never a beta.
        case latest
        /// An Xcode.app (or its `Contents/Developer`), relative paths read against lanes.yml's folder.
        case path(String)
    }

    public var choice: Choice
    /// As written, for messages.
    public var raw: String
    public var location: SourceLocation?

    public init(_ choice: Choice, raw: String, location: SourceLocation? = nil) {
        self.choice = choice
        self.raw = raw
        self.location = location
    }

    /// Reads `26.2`, `27.0 beta 3`, `latest` or a path; nil for anything else. A path is what
    /// starts with `/`, `~/` or `.`, or ends in `.app`.
    public init?(parsing text: String, location: SourceLocation? = nil) {
        let trimmed = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let word = trimmed.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if word.lowercased() == "latest" {
            self.init(.latest, raw: word, location: location)
        } else if word.hasPrefix("/") || word.hasPrefix("~/") || word.hasPrefix(".") || word.hasSuffix(".app") || word.hasSuffix(".app/") {
            self.init(.path(trimmed.trimmingTrailingWhitespace), raw: trimmed.trimmingTrailingWhitespace, location: location)
        } else if let version = XcodeVersion(parsing: word) {
            self.init(.version(version), raw: word, location: location)
        } else {
            return nil
        }
    }

    /// Whether only a release can satisfy it: `latest` and a version without `beta`.
    public var refusesBeta: Bool {
        switch choice {
        case .latest: true
        case .version(let version): version.beta == nil
        case .path: false
        }
    }

    public var description: String { raw }

    /// What a value that is none of the three gets told.
    public static let expected = "a version ('26.2', '26.1.1', '27.0 beta 3'), 'latest' or the path of an Xcode.app"
}

extension String {
    fileprivate var trimmingTrailingWhitespace: String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
