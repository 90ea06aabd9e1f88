public import NightshiftCore
public import NightshiftSystem
/// An environment variable a lane cannot run without, and every place in the lanes file that
/// reads it (a `${VAR}` reference with no `:-default`, or one whose default is another variable:
/// then either will do).
public struct RequiredVariable: Sendable, Hashable {
    public var name: String
    /// In the order the lane reaches them.
    public var usages: [Usage]
    /// Variables any of which can stand in for this one at every usage (`${A:-${B}}`).
    public var alternatives: [String]
    /// Set but empty is missing too: a usage needs a value (the notary key's id, issuer and .p8,
    /// which no request can go without), not merely the variable.
    public var needsValue: Bool

    public init(name: String, usages: [Usage], alternatives: [String] = [], needsValue: Bool = false) {
        self.name = name
        self.usages = usages
        self.alternatives = alternatives
        self.needsValue = needsValue
    }

    /// Whether `environment` gives it (or an alternative) what its usages need.
    public func isProvided(by environment: EnvironmentVariables) -> Bool {
        candidates.contains { candidate in environment[candidate].map { !needsValue || !$0.isEmpty } ?? false }
    }

    /// `name`, then its alternatives.
    public var candidates: [String] { [name] + alternatives }

    public struct Usage: Sendable, Hashable, CustomStringConvertible {
        /// Where the template stands (nil for values nightshift made up itself).
        public var location: SourceLocation?
        /// A short human description: "codesigning.keychain.password", "step 'SwiftLint' of lane 'lint'".
        public var place: String
        /// The lane whose step or `env:` reads it; nil for configurations, `codesigning` and
        /// `project`.
        public var lane: String?

        public init(location: SourceLocation?, place: String, lane: String? = nil) {
            self.location = location
            self.place = place
            self.lane = lane
        }

        public var description: String { location.map { "\(place) (\($0))" } ?? place }
    }
}

/// Every environment variable a lane needs from outside before it can run: `${VAR}` references
/// (without `:-default`) in its steps, `env:` values and upload parameters (not `if:` conditions),
/// through `lane:` calls, in its configuration, and in `codesigning` and `project` when the lane
/// (transitively) signs, and the URLs of whom it notifies (`notify:`). Names the lane's own `env:` provides, and nightshift's `NIGHTSHIFT_*`
/// variables, are not needed from outside. In scripts only an exact `${VAR}` the script does not set
/// itself counts (`ShellScriptScanner`): `$VAR`, `${VAR:-x}` and the like are the shell's.
public struct LaneRequirements: Sendable, Hashable {
    public var lane: String
    /// Sorted by name.
    public var variables: [RequiredVariable]

    /// Nil when the file has no lane of that name.
    public init?(lane name: String, in file: LanesFile) {
        guard let lane = file.lane(named: name) else { return nil }
        self.init(lane, in: file)
    }

    /// `lane` is one of `file`'s lanes; the lanes it calls are looked up in `file`.
    public init(_ lane: Lane, in file: LanesFile) {
        self.init(lane, in: LaneCallGraph(file: file))
    }

    /// For many lanes of one file: the graph is built once, not once per lane.
    public init(_ lane: Lane, in graph: LaneCallGraph) {
        var collector = RequirementCollector(graph: graph)
        collector.visit(lane)
        if collector.signs { collector.collectSigningTemplates() }
        collector.collectNotificationTemplates(of: lane)
        self.lane = lane.name
        self.variables = collector.variables
    }

    public var names: [String] { variables.map(\.name) }

    /// The variables `policy` calls secrets: these become Jenkins credentials bindings.
    public func secrets(_ policy: SecretPolicy) -> [RequiredVariable] {
        variables.filter { policy.isSecret($0.name) }
    }

    /// The plain settings (paths, app ids…) the agent's or job's environment must provide.
    public func settings(_ policy: SecretPolicy) -> [RequiredVariable] {
        variables.filter { !policy.isSecret($0.name) }
    }

    /// The needed variables `environment` sets neither them nor an alternative of (set but empty
    /// counts as set, except for a variable that `needsValue`).
    public func missing(from environment: EnvironmentVariables) -> [RequiredVariable] {
        variables.filter { !$0.isProvided(by: environment) }
    }

    /// One error per missing variable, at its first usage, the other usages as notes.
    public func missingVariableDiagnostics(in environment: EnvironmentVariables) -> [Diagnostic] {
        missing(from: environment).map { variable in
            let first = variable.usages.first
            let place = first.map { " (needed by \($0.place))" } ?? ""
            let empty = variable.candidates.contains { environment[$0] != nil }
            let unset =
                switch (variable.alternatives.isEmpty, empty) {
                case (true, false): "environment variable '\(variable.name)' is not set"
                case (true, true): "environment variable '\(variable.name)' is empty"
                case (false, false):
                    "none of the environment variables \(variable.candidates.map { "'\($0)'" }.joined(separator: ", ")) is set"
                case (false, true):
                    "none of the environment variables \(variable.candidates.map { "'\($0)'" }.joined(separator: ", ")) has a value"
                }
            // Not the run lane's own step or env (a called lane's, a configuration's): say which run needs it.
            let run = first?.lane == lane ? "" : " to run lane '\(lane)'"
            return .error(
                "\(unset)\(place)\(run)",
                at: first?.location,
                notes: variable.usages.dropFirst().map { "also needed by \($0)" }
            )
        }
    }
}
