public import NightshiftCore
import NightshiftSystem

/// One lane named on `nightshift run`, with the options written after it (`qa-release
/// version=1.4.0 track:external`).
public struct LaneInvocation: Sendable, Hashable {
    public var lane: String
    /// In the order given; checked against the lane's declarations before anything runs.
    public var options: [Option]

    public struct Option: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(lane: String, options: [Option] = []) {
        self.lane = lane
        self.options = options
    }

    /// Splits the words of `nightshift run`: a word naming one of `lanes` starts an invocation,
    /// and a `key=value` or `key:value` word is an option of the lane before it. Nil and the
    /// offending word when an option comes before any lane.
    public static func parse(_ words: [String], lanes: Set<String>) -> Result<[LaneInvocation], LaneOptionProblems> {
        var invocations: [LaneInvocation] = []
        for word in words {
            if !lanes.contains(word), let (name, value) = LaneOptionWord.split(word) {
                guard !invocations.isEmpty else {
                    return .failure(
                        LaneOptionProblems([
                            .error(
                                "option '\(name)' comes before any lane", at: nil,
                                notes: ["write it after the lane: nightshift run LANE \(name)=…"])
                        ]))
                }
                invocations[invocations.count - 1].options.append(Option(name: name, value: value))
            } else {
                invocations.append(LaneInvocation(lane: word))
            }
        }
        return .success(invocations)
    }
}

extension LaneRunner {
    /// The invocation's options checked against its lane's declarations, defaults filled in;
    /// under `--resume`, the resumed run's values for those not given again.
    /// An unknown lane resolves to no options: `prepare` reports it.
    public func resolveOptions(of invocation: LaneInvocation) throws(RunPreparationError) -> LaneOptionValues {
        guard let lane = file.lane(named: invocation.lane) else { return LaneOptionValues(lane: invocation.lane) }
        let given =
            invocation.options.map { (name: $0.name, value: $0.value) } + (try optionsOfResumedRun(lane, given: invocation.options))
        switch LaneOptionValues.resolve(given, for: lane, in: dependencies.environment) {
        case .success(let values): return values
        case .failure(let problems): throw RunPreparationError(problems.diagnostics)
        }
    }

    /// This runner with `options`' variables in every step's environment.
    public func with(_ options: LaneOptionValues) -> LaneRunner {
        var dependencies = dependencies
        dependencies.environment = dependencies.environment.merging(options.variables)
        return LaneRunner(
            file: file, dependencies: dependencies, performers: performers, reporter: reporter, interruption: interruption,
            options: self.options, secrets: secrets)
    }

    /// Runs the lane with `values` (from `resolveOptions`), recording them in its result and
    /// its journal; `given`: the names the command line gave (not defaulted).
    public func run(
        _ laneName: String, repetition: Int = 1, options values: LaneOptionValues, given: Set<String> = []
    ) async throws(RunPreparationError) -> LaneResult {
        var runner = with(values)
        runner.journalOptions = JournalOption.record(values, given: given, masker: masker)
        var result = try await runner.run(laneName, repetition: repetition)
        result.options = values.recorded
        return result
    }
}
