public import Foundation
public import NightshiftSystem

/// Names a run's folder, `.nightshift/runs/<lane>/<run-id>`. Ids sort by time (UTC) and, in a
/// Jenkins job, carry the build number: `20261122-013000-b42-4711`; the process id keeps two runs
/// started in the same second apart.
public enum RunIdentifier {
    /// Set by whoever launched this nightshift and already named the run (the scheduler): its
    /// value is the run id, so the run writes into the folder its history record points at.
    public static let variable = NightshiftVariable.runID.name

    /// The launcher's id when it is a plain folder name, else a new one, with the build of `ci`.
    public static func make(now: Date, environment: EnvironmentVariables, ci: CIEnvironment, processID: Int32) -> String {
        if let given = environment[variable], isFolderName(given) { return given }
        let build = ci.buildTag.map { [$0] } ?? []
        return ([UTCTimestamp.runStamp(now)] + build + [String(processID)]).joined(separator: "-")
    }

    /// The id the scheduler gives the firing scheduled at `date`: `20261122-004900-scheduled`.
    /// Unique per lane, since a lane fires at most once per instant.
    public static func scheduled(at date: Date) -> String {
        UTCTimestamp.runStamp(date) + "-scheduled"
    }

    /// Only characters that cannot leave the folder (`a/b`, `..`) or confuse a shell.
    public static func isFolderName(_ id: String) -> Bool {
        !id.isEmpty && id != "." && id != ".." && id.count <= 128 && id.allSatisfy(isFolderNameCharacter)
    }

    /// `text` kept to the characters `isFolderName` accepts (a Jenkins build number).
    static func pathSafe(_ text: String) -> String {
        String(text.filter(isFolderNameCharacter))
    }

    private static func isFolderNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))
    }
}
