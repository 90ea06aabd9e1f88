import Foundation
import NightshiftCore
import NightshiftSystem

/// `notes: { from: git }`: the subjects of the commits since this lane's last successful delivery
/// (the newest earlier run whose upload passed, from the run journals), one `- subject` a line,
/// masked, and cut to what the destination takes. Without an earlier delivery, the last
/// `firstDeliveryCount` commits, and the notes' log line says so. Here rather than in a
/// capability because two read it: `upload:` (What to Test, release notes) and `release:`
/// (What's New); each says how many characters its destination takes.
public struct GitReleaseNotes: Sendable {
    static let firstDeliveryCount = 20

    /// The most characters the destination takes.
    public var limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    /// The notes, and a line that says where they start.
    public func notes(in context: StepContext) async throws -> (text: String, origin: String) {
        // Not a failure: the notes are still the commits git has, and the upload is worth more.
        if try await ShallowClone.isShallow(in: context) {
            await context.log(
                .warning(
                    "notes: { from: git }: the repository is a shallow clone (\(ShallowClone.probe.joined(separator: " ")) says true), "
                        + "so its history stops at the commits fetched and the notes may be incomplete; \(ShallowClone.fix)",
                    at: nil),
                to: .standardError)
        }
        // The run's folder holds its output, on a resumed attempt too (whose logs are a level down).
        let run = context.folders.output.parent
        let delivery = LastDelivery.find(laneFolder: run.parent.string, excluding: run.lastComponent)
        var origin: String
        var subjects: [String]
        if let delivery, let since = try await log(["\(delivery.commit)..HEAD"], context) {
            subjects = since
            origin =
                "the \(subjects.count) commit\(subjects.count == 1 ? "" : "s") since run \(delivery.runID) delivered \(delivery.commit.prefix(12))"
        } else {
            guard let last = try await log(["-n", String(Self.firstDeliveryCount), "HEAD"], context) else {
                throw StepFailure(
                    "notes: { from: git } needs a git repository with a commit in \(context.directory)", reason: .invalidSetting)
            }
            subjects = last
            let why =
                delivery.map { "the last delivery's commit \($0.commit.prefix(12)) is not in this repository" }
                ?? "no earlier delivery of this lane"
            origin = "\(why): the last \(subjects.count) commits"
        }
        if subjects.isEmpty { subjects = ["No changes since the last delivery."] }
        let lines = subjects.map { "- " + context.secrets.mask($0) }
        let text = Self.trimmed(lines, to: limit)
        if text.count < lines.joined(separator: "\n").count { origin += ", cut to \(limit) characters" }
        return (text, origin)
    }

    /// Whole lines that fit in `limit` characters, and a last line saying how many were left out.
    public static func trimmed(_ lines: [String], to limit: Int) -> String {
        let whole = lines.joined(separator: "\n")
        guard whole.count > limit else { return whole }
        var kept: [String] = []
        var used = 0
        for (index, line) in lines.enumerated() {
            let more = "… and \(lines.count - index) more"
            if used + line.count + 1 + more.count + 1 > limit {
                // A first line longer than the limit on its own is cut instead.
                if kept.isEmpty { return String(line.prefix(limit - 1)) + "…" }
                return (kept + [more]).joined(separator: "\n")
            }
            kept.append(line)
            used += line.count + 1
        }
        return kept.joined(separator: "\n")
    }

    /// `git log --format=%s` over `range`, read for real even in a dry run (it changes
    /// nothing); nil when git refuses the range (a commit rewritten away).
    private func log(_ range: [String], _ context: StepContext) async throws -> [String]? {
        let command = ShellCommand(
            "git", ["log", "--no-merges", "--no-color", "--format=%s"] + range + ["--"], workingDirectory: context.directory)
        let result = try await context.inspectionShell.capture(command)
        guard result.succeeded else { return nil }
        return result.standardOutput.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
    }
}
