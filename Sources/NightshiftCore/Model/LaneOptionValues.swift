public import NightshiftSystem

/// The options one run of a lane was given, checked against what the lane declares, with the
/// defaults filled in: the variables its steps see and what the reports record.
public struct LaneOptionValues: Sendable, Hashable {
    public struct Value: Sendable, Hashable {
        public var option: LaneOption
        public var value: String
    }

    public var lane: String
    /// In the order the lane declares them.
    public var values: [Value]

    public init(lane: String, values: [Value] = []) {
        self.lane = lane
        self.values = values
    }

    /// `NIGHTSHIFT_OPTION_NAME` → value, for every declared option.
    public var variables: [String: String] {
        Dictionary(values.map { ($0.option.variableName, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// What the masker must hide.
    public var secretValues: [String] { values.filter(\.option.isSecret).map(\.value) }

    /// What the reports record: a secret option's value is the mask.
    public var recorded: [Record] {
        values.map { Record(name: $0.option.name, value: $0.option.isSecret ? Secret.mask : $0.value) }
    }

    /// One option of a run as its reports show it (`--json`, JUnit properties).
    public struct Record: Sendable, Hashable, Codable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Checks `given` (name, value pairs in command-line order) against `lane`'s declarations and
    /// fills in the rest from defaults expanded in `environment`. Every problem is reported at
    /// once: unknown names with a did-you-mean and the lane's option list, values of the wrong
    /// type, failed patterns, options given twice, and required options missing.
    /// `source` says where they were given (`the command line`, `its schedule`), `locations`
    /// where each given name stands in lanes.yml, and `at` where a missing option is reported.
    /// `checkingDefaults: false` when the defaults are the run's to expand (the loader's checks).
    public static func resolve(
        _ given: [(name: String, value: String)], for lane: Lane, in environment: EnvironmentVariables, source: String = "the command line",
        locations: [String: SourceLocation] = [:], at fallback: SourceLocation? = nil, checkingDefaults: Bool = true
    ) -> Result<LaneOptionValues, LaneOptionProblems> {
        var problems: [Diagnostic] = []
        var byName: [String: String] = [:]
        for (name, value) in given {
            guard let option = lane.options.first(where: { $0.name == name }) else {
                problems.append(
                    .error("lane '\(lane.name)' has no option '\(name)'", at: locations[name], notes: unknownNotes(name, lane: lane)))
                continue
            }
            if byName[name] != nil {
                problems.append(.error("option '\(name)' of lane '\(lane.name)' is given twice on \(source)", at: locations[name]))
            } else if let problem = option.problem(with: value) {
                problems.append(.error("option '\(name)' of lane '\(lane.name)' \(problem)", at: locations[name]))
            }
            byName[name] = byName[name] ?? value
        }
        var values: [Value] = []
        for option in lane.options {
            if let value = byName[option.name] {
                values.append(Value(option: option, value: option.normalized(value)))
            } else if let value = environmentValue(of: option, in: environment) {
                if let problem = option.problem(with: value) {
                    problems.append(
                        .error("option '\(option.name)' of lane '\(lane.name)' (from \(option.variableName)) \(problem)", at: nil))
                }
                values.append(Value(option: option, value: option.normalized(value)))
            } else if let problem = missingProblem(option, lane: lane, source: source, at: fallback) {
                problems.append(problem)
            } else if let template = option.defaultValue {
                let value = template.expand(in: environment)
                if checkingDefaults, let problem = option.problem(with: value) {
                    problems.append(
                        .error(
                            "the default of option '\(option.name)' of lane '\(lane.name)' \(problem)",
                            at: template.location ?? option.location))
                }
                values.append(Value(option: option, value: option.normalized(value)))
            } else {
                values.append(Value(option: option, value: option.implicitValue))
            }
        }
        guard problems.isEmpty else { return .failure(LaneOptionProblems(problems)) }
        return .success(LaneOptionValues(lane: lane.name, values: values))
    }

    /// A secret option not given on the command line may come from `NIGHTSHIFT_OPTION_NAME` in
    /// the environment, so that a job never writes it into a command line that `ps` shows (an
    /// exported Jenkinsfile names its `password` parameter so). Empty is not given: a Jenkins
    /// parameter left empty means the lane's default.
    public static func environmentValue(of option: LaneOption, in environment: EnvironmentVariables) -> String? {
        guard option.isSecret, let value = environment[option.variableName], !value.isEmpty else { return nil }
        return value
    }

    private static func missingProblem(_ option: LaneOption, lane: Lane, source: String, at location: SourceLocation?) -> Diagnostic? {
        guard option.isRequired, option.defaultValue == nil else { return nil }
        let about = option.description.map { " (\($0))" } ?? ""
        return .error(
            "lane '\(lane.name)' needs option '\(option.name)'\(about), not given on \(source)", at: location,
            notes: ["give it as \(option.name)=VALUE, e.g. nightshift run \(lane.name) \(option.name)=…"] + optionListNote(lane))
    }

    private static func unknownNotes(_ name: String, lane: Lane) -> [String] {
        guard !lane.options.isEmpty else { return ["lane '\(lane.name)' takes no options"] }
        return Suggestion.note(for: name, among: lane.options.map(\.name)) + optionListNote(lane)
    }

    private static func optionListNote(_ lane: Lane) -> [String] {
        lane.options.isEmpty ? [] : ["options of lane '\(lane.name)': \(lane.options.map(\.name).joined(separator: ", "))"]
    }
}

/// Why a lane's options are not acceptable: exit 2, nothing ran.
public struct LaneOptionProblems: Error, Sendable, Hashable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}

/// `key=value`, or fastlane's `key:value`, as given after a lane's name.
public enum LaneOptionWord {
    /// Nil when `word` is no assignment (then it names a lane).
    public static func split(_ word: String) -> (name: String, value: String)? {
        guard let separator = word.firstIndex(where: { $0 == "=" || $0 == ":" }), separator != word.startIndex else { return nil }
        let name = String(word[..<separator])
        guard Interpolation.isValidName(name) else { return nil }
        return (name, String(word[word.index(after: separator)...]))
    }
}
