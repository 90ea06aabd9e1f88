internal import Foundation
import NightshiftSystem

/// Whether a step's repository is a shallow clone, where git knows only the commits fetched:
/// CI checkouts often are (actions/checkout fetches one commit unless told `fetch-depth: 0`;
/// Jenkins' Git plugin and Buildkite can be set to clone shallow). What reads the history
/// (`build_number: { from: git }`, `notes: { from: git }`) asks before it trusts it.
public enum ShallowClone {
    /// The question, as it is shown in messages.
    public static let probe = ["git", "rev-parse", "--is-shallow-repository"]

    /// How to get the whole history, for messages.
    public static let fix =
        "fetch the whole history before the run: `git fetch --unshallow`; on GitHub Actions, `with: { fetch-depth: 0 }` on actions/checkout; "
        + "on Jenkins, the Git step's Advanced clone behaviours without 'Shallow clone'; on Buildkite, no --depth in BUILDKITE_GIT_CLONE_FLAGS"

    /// True when git says the repository at the step's folder is shallow; false when it says
    /// not, or cannot say (outside a repository; a git older than 2.15 prints the option back).
    /// Read for real in a dry run too, through the step's `inspectionShell`: it changes nothing.
    public static func isShallow(in context: StepContext) async throws -> Bool {
        let command = ShellCommand(probe[0], Array(probe.dropFirst()), workingDirectory: context.directory)
        let result = try await context.inspectionShell.capture(command)
        return result.succeeded && result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "true"
    }
}
