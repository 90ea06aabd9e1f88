/// What a value in lanes.yml may be, as the loader reads it. The loader's lists of known and
/// required keys and the JSON Schema (`LanesSchema`) are both read from these descriptions, so a
/// key added here is known to `validate`, to editors and to the reference at once.
public indirect enum ValueShape: Sendable {
    /// Any single value read as text (`name: 1.0` is "1.0"); `${VAR}` is expanded where the key
    /// takes variables.
    case text
    /// `true` or `false`.
    case flag
    /// A whole number within the bounds.
    case whole(minimum: Int, maximum: Int?)
    /// A number within the bounds.
    case number(minimum: Double, maximum: Double)
    /// `90`, `30s`, `1h30m`, `1.5m`.
    case duration
    /// One of the words; with `variables`, a `${VAR}` checked once expanded is accepted too.
    case choice([String], variables: Bool = false)
    /// A list of values.
    case list(ValueShape)
    /// A list of texts, or one text as a list of one.
    case texts
    /// A mapping of the keys described.
    case mapping(KeyMapping)
    /// A mapping whose keys the user names (lanes, configurations, variables), each value of
    /// `shape`; `keys` says what a name may be, as a regular expression.
    case named(ValueShape, keys: String? = nil)
    /// Nothing (`- package`, `package:`) or an empty mapping (`package: {}`).
    case nothing
    /// Any of the shapes.
    case either([ValueShape])
    /// Any value (an export options plist takes what Xcode takes).
    case anything
    /// The steps of a lane: see `StepShapes`.
    case steps
    /// `upload:`: `to:` names a destination, whose keys `UploadDestination` lists.
    case upload
}

/// One key of a mapping: its name, what it takes, and one sentence for editors and the reference.
public struct KeySpec: Sendable {
    public let name: String
    public let shape: ValueShape
    public let summary: String
    public let isRequired: Bool

    public init(_ name: String, _ shape: ValueShape, required: Bool = false, _ summary: String) {
        self.name = name
        self.shape = shape
        self.summary = summary
        self.isRequired = required
    }
}

/// The keys one mapping of lanes.yml takes, in the order error notes and the reference list them.
public struct KeyMapping: Sendable {
    public let keys: [KeySpec]

    public init(_ keys: [KeySpec]) {
        self.keys = keys
    }

    /// Every key, as the loader's unknown-key check and did-you-mean read them.
    public var names: [String] { keys.map(\.name) }

    /// The keys the loader reports missing.
    public var requiredNames: [String] { keys.filter(\.isRequired).map(\.name) }

    public func key(_ name: String) -> KeySpec? { keys.first { $0.name == name } }
}
