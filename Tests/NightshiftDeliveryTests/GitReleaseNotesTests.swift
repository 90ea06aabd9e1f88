import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `notes: { from: git }`: the commits since the lane's last delivery, found in the run journals
/// of a real git repository made here.
@Suite("Release notes from git", .temporaryDirectory)
struct GitReleaseNotesTests {
    static let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
    static let secret = "hunter2-token"

    /// A repository of five commits; returns its folder and the commits, oldest first.
    static func repository() async throws -> (String, [String]) {
        let root = try TemporaryDirectory.make()
        func git(_ arguments: [String]) async throws -> String {
            let result = try await shell.capture(
                ShellCommand("git", ["-c", "user.name=Night Shift", "-c", "user.email=ns@example.com"] + arguments, workingDirectory: root))
            try #require(result.succeeded, "\(result.failureDetail)")
            return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try await git(["init", "-q"])
        var commits: [String] = []
        for subject in [
            "Start the ledger", "Add totals", "Ship 1.0", "Fix rounding with \(secret)", "Add ${NIGHTSHIFT_RUN_ID} to the footer",
        ] {
            _ = try await git(["commit", "-q", "--allow-empty", "-m", subject])
            commits.append(try await git(["rev-parse", "HEAD"]))
        }
        return (root, commits)
    }

    /// An earlier run of lane `beta` whose upload `passed` (or not), at `commit`.
    static func journal(in root: String, runID: String, commit: String, uploadStatus: String, finished: Date) throws {
        let step = JournalStep(
            number: 2, lane: "beta", kind: "upload", name: "upload to testflight", attempt: 1, fingerprint: "f",
            inputs: StepInputs(step: "s"),
            status: uploadStatus, attempts: 1, finished: finished, artifacts: [], exports: [:], reusable: true)
        let state = RepositoryState(commit: commit, dirty: false)
        let journal = RunJournal(
            lane: "beta", runID: runID, lanesFile: LanesFileRecord(path: "lanes.yml", sha256: "x"), repository: state,
            attempts: [JournalAttempt(number: 1, started: finished, resumed: false, repository: state)], steps: [step],
            status: uploadStatus == "passed" ? .passed : .failed)
        let folder = "\(root)/.nightshift/runs/beta/\(runID)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(JournalCoding.encode(journal)).write(to: URL(fileURLWithPath: "\(folder)/\(RunJournal.fileName)"))
    }

    /// `resumedAttempt`: the folders of that attempt of a resumed run (its logs in `attempt-N`).
    static func context(root: String, dryRun: Bool = false, output: LineLog = LineLog(), resumedAttempt: Int? = nil) -> StepContext {
        let step = Step(.upload(UploadTarget(destinationName: "testflight", parameters: ["notes": .map(["from": "git"])])))
        var folders = RunFolders(root: .test("\(root)/.nightshift"), lane: "beta", runID: "20261126-now")
        if let resumedAttempt { folders.logs = folders.logs.appending("attempt-\(resumedAttempt)") }
        return StepContext(
            lanesFile: LanesFile(path: "lanes.yml"), lane: Lane(name: "beta", steps: [step]), step: step, configuration: nil,
            environment: [:], folders: folders, shell: shell,
            clock: ManualClock(), secrets: RunSecrets(secrets: [secret]), cleanup: CleanupStack(), exports: RunExports(),
            directory: root, isDryRun: dryRun, emit: { _, bytes in await output.sink(String(decoding: bytes, as: UTF8.self)) })
    }

    @Test("with no earlier delivery: the last commits, masked, and the notes say so")
    func firstDelivery() async throws {
        let (root, _) = try await Self.repository()
        let (text, origin) = try await GitReleaseNotes(limit: UploadStepPerformer.releaseNotesLimit(for: .testflight)).notes(
            in: Self.context(root: root))
        #expect(origin == "no earlier delivery of this lane: the last 5 commits")
        #expect(
            text == """
                - Add ${NIGHTSHIFT_RUN_ID} to the footer
                - Fix rounding with ********
                - Ship 1.0
                - Add totals
                - Start the ledger
                """)
    }

    @Test("since the newest run whose upload passed: a failed delivery after it does not move the mark")
    func sinceLastDelivery() async throws {
        let (root, commits) = try await Self.repository()
        try Self.journal(in: root, runID: "old", commit: commits[1], uploadStatus: "passed", finished: Date(timeIntervalSince1970: 100))
        try Self.journal(
            in: root, runID: "delivered", commit: commits[2], uploadStatus: "passed", finished: Date(timeIntervalSince1970: 200))
        try Self.journal(in: root, runID: "failed", commit: commits[3], uploadStatus: "failed", finished: Date(timeIntervalSince1970: 300))
        let (text, origin) = try await GitReleaseNotes(limit: UploadStepPerformer.releaseNotesLimit(for: .firebase)).notes(
            in: Self.context(root: root))
        #expect(origin == "the 2 commits since run delivered delivered \(commits[2].prefix(12))")
        #expect(text == "- Add ${NIGHTSHIFT_RUN_ID} to the footer\n- Fix rounding with ********")
    }

    @Test("a resumed attempt (its logs a level down, in attempt-N) finds the lane's last delivery too")
    func resumedAttempt() async throws {
        let (root, commits) = try await Self.repository()
        try Self.journal(
            in: root, runID: "delivered", commit: commits[2], uploadStatus: "passed", finished: Date(timeIntervalSince1970: 200))
        let (_, origin) = try await GitReleaseNotes(limit: UploadStepPerformer.releaseNotesLimit(for: .firebase)).notes(
            in: Self.context(root: root, resumedAttempt: 2))
        #expect(origin == "the 2 commits since run delivered delivered \(commits[2].prefix(12))")
    }

    @Test("a delivered commit git no longer knows falls back to the last commits, saying why")
    func rewrittenHistory() async throws {
        let (root, _) = try await Self.repository()
        try Self.journal(
            in: root, runID: "gone", commit: String(repeating: "ab", count: 20), uploadStatus: "passed",
            finished: Date(timeIntervalSince1970: 1))
        let (_, origin) = try await GitReleaseNotes(limit: UploadStepPerformer.releaseNotesLimit(for: .testflight)).notes(
            in: Self.context(root: root))
        #expect(origin == "the last delivery's commit abababababab is not in this repository: the last 5 commits")
    }

    @Test("in a shallow clone: a warning that the notes may be incomplete, and the notes from what was fetched")
    func shallowClone() async throws {
        let repository = try await GitRepositoryFixture.make(subjects: ["Start the ledger", "Add totals", "Ship 1.0"])
        let shallow = try await repository.clone(depth: 1)
        let output = LineLog()
        let (text, origin) = try await GitReleaseNotes(limit: UploadStepPerformer.releaseNotesLimit(for: .testflight)).notes(
            in: Self.context(root: shallow, output: output))
        #expect(text == "- Ship 1.0")
        #expect(origin == "no earlier delivery of this lane: the last 1 commits")
        #expect(
            output.text.contains(
                "warning: notes: { from: git }: the repository is a shallow clone (git rev-parse --is-shallow-repository says true), "
                    + "so its history stops at the commits fetched and the notes may be incomplete; fetch the whole history before the run: "
                    + "`git fetch --unshallow`"))
        // A whole clone: no warning.
        let whole = LineLog()
        _ = try await GitReleaseNotes(limit: UploadStepPerformer.releaseNotesLimit(for: .testflight)).notes(
            in: Self.context(root: try await repository.clone(), output: whole))
        #expect(!whole.text.contains("warning"))
    }

    @Test("cut to what the destination takes, at a line, saying how many were left out")
    func trimmed() {
        let lines = (1...500).map { "- change number \($0) with a subject of some length" }
        for limit in [4000, 16_384, 200] {
            let text = GitReleaseNotes.trimmed(lines, to: limit)
            #expect(text.count <= limit)
            #expect(text.split(separator: "\n").last?.hasPrefix("… and ") == true)
        }
        #expect(GitReleaseNotes.trimmed([String(repeating: "x", count: 5000)], to: 4000).count == 4000)
        #expect(GitReleaseNotes.trimmed(["- a", "- b"], to: 4000) == "- a\n- b")
    }

    @Test("on an upload: the notes replace { from: git }, are shown, and every later step reads them as NIGHTSHIFT_RELEASE_NOTES")
    func onUpload() async throws {
        let (root, _) = try await Self.repository()
        let output = LineLog()
        let context = Self.context(root: root, dryRun: true, output: output)
        let parameters = try await UploadStepPerformer.releaseNotes(["notes": .map(["from": "git"])], destination: .testflight, in: context)
        let notes = try #require(UploadSettings(parameters).string("notes"))
        #expect(notes.hasPrefix("- Add ${NIGHTSHIFT_RUN_ID} to the footer\n"))
        #expect(await context.exports.all[NightshiftVariable.releaseNotes.name] == notes)
        #expect(output.text.contains("release notes from git, no earlier delivery of this lane: the last 5 commits:"))
        #expect(!output.text.contains(Self.secret))
        // Text notes are left as written.
        let written = try await UploadStepPerformer.releaseNotes(["notes": .scalar("By hand")], destination: .testflight, in: context)
        #expect(UploadSettings(written).string("notes") == "By hand")
    }
}
