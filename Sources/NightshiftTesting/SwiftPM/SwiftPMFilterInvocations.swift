import NightshiftCore

/// The `--filter`s of a `swift test` run, within the command line's bound (a first run's from
/// `only:`, a re-run's of the tests that failed): one filter per test while they fit (each
/// readable in the log); beyond that, the filters joined into one alternation per argument
/// (`^A$|^B$`, each under the longest argument Linux takes), and as many invocations as the
/// bound needs.
public enum SwiftPMFilterInvocations {
    /// Per invocation, its `--filter` values. `exact`: one anchored, escaped filter per test (or
    /// per `only:` prefix); `budget`: the bytes they may take with their `--filter` flags.
    public static func invocations(exact: [String], budget: Int) -> [[String]] {
        let flag = CommandLineBound.size(of: "--filter")
        if CommandLineBound.size(of: exact) + exact.count * flag <= budget { return exact.isEmpty ? [] : [exact] }
        // `|` between anchored alternatives: each still matches one test exactly.
        let combined = CommandLineBound.split(exact, budget: CommandLineBound.singleArgumentBytes) { $0.utf8.count + 1 }
            .map { $0.joined(separator: "|") }
        return CommandLineBound.invocations(combined, flag: "--filter", budget: budget)
    }
}
