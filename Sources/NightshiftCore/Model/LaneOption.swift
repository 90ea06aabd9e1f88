/// An input a lane declares under `options:` (issue #19): typed, checked before anything runs,
/// and handed to the steps as `${name}` and `NIGHTSHIFT_OPTION_NAME`.
public struct LaneOption: Sendable, Hashable {
    /// What values the option takes; `choice` lists them.
    public enum Kind: Sendable, Hashable {
        case string
        case int
        case bool
        case choice([String])

        /// The word lanes.yml uses for it.
        public var name: String {
            switch self {
            case .string: "string"
            case .int: "int"
            case .bool: "bool"
            case .choice: "choice"
            }
        }

        public static let names = ["string", "int", "bool", "choice"]
    }

    public var name: String
    public var kind: Kind
    /// Expanded in the run's environment (`"${BUILD_NUMBER:-1}"`), then checked like a given value.
    public var defaultValue: Template?
    /// A regular expression a string option's value must contain a match of (anchor it with `^…$`).
    public var pattern: String?
    public var isRequired: Bool
    /// Masked like any secret wherever it could be printed.
    public var isSecret: Bool
    public var description: String?
    public var location: SourceLocation?

    public init(
        name: String, kind: Kind = .string, defaultValue: Template? = nil, pattern: String? = nil, isRequired: Bool = false,
        isSecret: Bool = false, description: String? = nil, location: SourceLocation? = nil
    ) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.pattern = pattern
        self.isRequired = isRequired
        self.isSecret = isSecret
        self.description = description
        self.location = location
    }

    /// The environment variable an `sh:` step reads it from.
    public var variableName: String { Self.variableName(for: name) }

    public static func variableName(for name: String) -> String {
        NightshiftVariable.optionPrefix + name.uppercased()
    }

    /// What an option that is neither given nor defaulted holds: a run needs a value for every
    /// declared option, or `${name}` would be an unset variable.
    public var implicitValue: String {
        switch kind {
        case .string, .int: ""
        case .bool: "false"
        case .choice(let values): values.first ?? ""
        }
    }

    /// Whether the option must be given or defaulted: an empty int is no number.
    public var needsValue: Bool { kind == .int }
}
