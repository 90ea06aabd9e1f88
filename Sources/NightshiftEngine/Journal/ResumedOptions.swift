import NightshiftCore

/// One lane option as a run's journal keeps it: its value unless it is secret (by the one
/// predicate that decides it, `LaneOption.isSecret`) or spells a secret, and whether the command
/// line gave it, so a resumed run knows which secret it must be given again.
public struct JournalOption: Codable, Sendable, Hashable {
    public var name: String
    /// nil when the journal may not keep it.
    public var value: String?
    /// Given on the command line (or a `--resume` reused it from the run), not defaulted.
    public var given: Bool

    public init(name: String, value: String?, given: Bool) {
        self.name = name
        self.value = value
        self.given = given
    }

    /// What the journal keeps of `values`; `given`: the names the command line gave.
    static func record(_ values: LaneOptionValues, given: Set<String>, masker: SecretMasker) -> [JournalOption] {
        values.values.map { entry in
            // Not masked but left out: a value that spells a secret is not kept to be reused.
            let kept = entry.option.isSecret || masker.mask(entry.value) != entry.value ? nil : entry.value
            return JournalOption(name: entry.option.name, value: kept, given: given.contains(entry.option.name))
        }
    }
}

/// `--resume` (and `--from`) with a lane's options (issue #26): the run continues with the
/// options it had. An option not given again takes the value the run recorded; a secret the run
/// was given must be given again, since the journal never keeps one (one that came from its
/// default comes from it again); one given again with another value is named, and re-runs the
/// steps whose fingerprints it reaches.
struct ResumedOptions {
    let runID: String
    let recorded: [JournalOption]
    let lane: Lane

    struct Merged {
        /// Recorded values of the options not given again, to resolve after those given.
        var reused: [(name: String, value: String)] = []
        var notices: [String] = []
        var problems: [Diagnostic] = []
    }

    /// `given`: the options the command line gave now, in its order.
    func merge(_ given: [(name: String, value: String)]) -> Merged {
        var merged = Merged()
        var changed: [String] = []
        let givenNow = Dictionary(given.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        for option in lane.options {
            guard let earlier = recorded.first(where: { $0.name == option.name }) else { continue }
            if let now = givenNow[option.name] {
                if !option.isSecret, let before = earlier.value, option.normalized(now) != before {
                    changed.append("\(option.name) \(before) → \(option.normalized(now))")
                }
            } else if !option.isSecret, let value = earlier.value {
                merged.reused.append((option.name, value))
            } else if earlier.given {
                merged.problems.append(missingSecret(option))
            }
        }
        if !merged.reused.isEmpty {
            merged.notices.append(
                "options from run \(runID): " + merged.reused.map { "\($0.name)=\($0.value)" }.joined(separator: ", "))
        }
        if !changed.isEmpty { merged.notices.append("options changed since run \(runID): " + changed.joined(separator: ", ")) }
        return merged
    }

    private func missingSecret(_ option: LaneOption) -> Diagnostic {
        let what = option.isSecret ? "is secret" : "held a secret"
        return .error(
            "option '\(option.name)' of lane '\(lane.name)' \(what): run \(runID) did not keep it; give it again", at: nil,
            notes: ["nightshift run \(lane.name) --resume \(runID) \(option.name)=…"])
    }
}
