import Foundation
import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `nightshift run LANE --resume` and `--from`, the real binary with the fake `security` and
/// `xcodebuild` (which log their argv and make what the real tools make): what a resumed run
/// reuses, what it re-runs and why, and what it refuses.
@Suite("resuming a failed lane, end to end", .temporaryDirectory)
struct ResumeRunTests {
    static let lanes = """
        secrets: [KEYCHAIN_PASSWORD, CERTIFICATE_PASSWORD, UPLOAD_TOKEN]
        project: { name: Brewer, scheme: Brewer, workspace: Brewer.xcworkspace }
        codesigning:
          keychain: { password: "${KEYCHAIN_PASSWORD}", name: "${KEYCHAIN_NAME}" }
          certificate_password: ${CERTIFICATE_PASSWORD}
          path: ${CODESIGNING_PATH}
        configurations:
          staging:
            export_method: "${EXPORT_METHOD}"
            app_identifier: works.sth.brewer.staging
            certificate: distribution
            provisioning_profile: distribution
            build_configuration: Staging
        lanes:
          beta:
            configuration: staging
            steps:
              - import_certificate
              - install_profile
              - archive
              - export
              - sh: echo "upload $NIGHTSHIFT_IPA_PATH with $UPLOAD_TOKEN"; test -f "$UPLOAD_ALLOWED"
                name: upload
        """
    static let secrets = ["kc-Pa55-word", "p12-Pa55-word", "tok-9f8e7d6c5b4a"]

    /// One lane folder, run several times.
    struct Workspace {
        var directory: String
        var log: String { directory + "/fake.log" }
        var allowed: String { directory + "/upload-allowed" }
        var exportMethod = "ad-hoc"

        var environment: [String: String] {
            [
                "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin", "NIGHTSHIFT_FAKE_LOG": log, "HOME": directory + "/home",
                "CODESIGNING_PATH": directory + "/signing", "KEYCHAIN_NAME": "brewer-ci", "KEYCHAIN_PASSWORD": secrets[0],
                "CERTIFICATE_PASSWORD": secrets[1], "UPLOAD_TOKEN": secrets[2], "UPLOAD_ALLOWED": allowed,
                "EXPORT_METHOD": exportMethod,
            ]
        }

        /// Runs nightshift; returns its outcome and the tools it ran (their argv), this run only.
        func run(_ arguments: [String]) async throws -> (NightshiftBinary.Outcome, [[String]]) {
            try? FileManager.default.removeItem(atPath: log)
            let outcome = try await NightshiftBinary.run(["run", "beta"] + arguments, in: directory, environment: environment)
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let records = text.split(separator: "\n").map {
                $0.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
            }
            return (outcome, records)
        }

        var runFolder: String {
            get throws {
                let lane = directory + "/.nightshift/runs/beta"
                let runs = try FileManager.default.contentsOfDirectory(atPath: lane)
                return lane + "/" + (runs.sorted().last ?? "")
            }
        }

        func allowUpload() {
            _ = FileManager.default.createFile(atPath: allowed, contents: Data())
        }
    }

    /// A workspace whose first run archived and exported, then failed in the upload.
    func failedRun(gitRepository: Bool = false, lanes: String = Self.lanes) async throws -> Workspace {
        let directory = try makeTemporaryDirectory()
        try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        try "1\n".write(toFile: directory + "/build-number", atomically: true, encoding: .utf8)
        try await BrewerFixture.prepare(in: directory, password: Self.secrets[1])
        if gitRepository {
            try await git(["init", "-q"], in: directory)
            try await git(["add", "lanes.yml", "build-number"], in: directory)
            try await git(["commit", "-q", "-m", "first"], in: directory)
        }
        let workspace = Workspace(directory: directory)
        let (outcome, records) = try await workspace.run([])
        #expect(outcome.exitCode == 1, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(records.contains { $0.contains("-exportArchive") })
        return workspace
    }

    func git(_ arguments: [String], in directory: String) async throws {
        let identity = ["-c", "user.name=Test", "-c", "user.email=test@example.com"]
        let outcome = try await NightshiftBinary.runTool("/usr/bin/git", identity + arguments, in: directory)
        #expect(outcome.exitCode == 0, "git \(arguments): \(outcome.standardError)")
    }

    /// What xcodebuild built or exported; reading the scheme's settings (every run's preflight) is neither.
    static func xcodebuildActions(_ records: [[String]]) -> [String] {
        records.filter { $0.first == "xcodebuild" && !$0.contains("-showBuildSettings") }.map {
            $0.contains("-exportArchive") ? "export" : "archive"
        }
    }

    @Test("archive passed and upload failed: --resume reuses archive and export, runs the upload, and says why")
    func resumeAfterFailedUpload() async throws {
        let workspace = try await failedRun()
        defer { SigningFixtures.remove(workspace.directory) }
        workspace.allowUpload()
        let (outcome, records) = try await workspace.run(["--resume"])
        let shown = outcome.standardOutput + outcome.standardError
        #expect(outcome.exitCode == 0, "\(shown)")
        #expect(Self.xcodebuildActions(records).isEmpty)
        #expect(shown.contains("↻ archive reused: passed "))
        #expect(shown.contains("Brewer.xcarchive sha256 "))
        #expect(shown.contains("↻ export reused"))
        #expect(shown.contains("upload re-runs: it failed last time"))
        #expect(shown.contains("attempt 2, last failed"))
        // The reused export still hands its .ipa to the upload.
        #expect(shown.contains("upload \(try workspace.runFolder)/output/Brewer.ipa with ********"))
        // Resources are set up again, and torn down at the end as always.
        #expect(records.contains { $0.first == "security<stdin>" && $0.contains { $0.hasPrefix("\"import\"") } })
        #expect(records.last?.prefix(2) == ["security", "delete-keychain"])
        #expect(FileManager.default.fileExists(atPath: try workspace.runFolder + "/attempt-2"))
        try Self.expectNoSecret(inJournalOf: workspace)
    }

    /// `release-testing` is ad-hoc's new name: the same profiles fit it.
    @Test("a changed export method re-signs the export only: the archive is reused")
    func changedExportRerunsExportOnly() async throws {
        var workspace = try await failedRun()
        defer { SigningFixtures.remove(workspace.directory) }
        workspace.allowUpload()
        workspace.exportMethod = "release-testing"
        let (outcome, records) = try await workspace.run(["--resume"])
        let shown = outcome.standardOutput + outcome.standardError
        #expect(outcome.exitCode == 0, "\(shown)")
        #expect(Self.xcodebuildActions(records) == ["export"])
        #expect(shown.contains("export re-runs: ExportOptions changed (method ad-hoc → release-testing)"))
        #expect(shown.contains("↻ archive reused"))
    }

    @Test("a deleted .ipa re-runs the export, from the reused archive")
    func deletedIPARerunsExport() async throws {
        let workspace = try await failedRun()
        defer { SigningFixtures.remove(workspace.directory) }
        workspace.allowUpload()
        try FileManager.default.removeItem(atPath: try workspace.runFolder + "/output/Brewer.ipa")
        let (outcome, records) = try await workspace.run(["--resume"])
        let shown = outcome.standardOutput + outcome.standardError
        #expect(outcome.exitCode == 0, "\(shown)")
        #expect(Self.xcodebuildActions(records) == ["export"])
        #expect(shown.contains("export re-runs: Brewer.ipa is gone"))
    }

    @Test("a new commit re-runs everything, and says which commits")
    func changedCommitRerunsEverything() async throws {
        let workspace = try await failedRun(gitRepository: true)
        defer { SigningFixtures.remove(workspace.directory) }
        workspace.allowUpload()
        try await git(["commit", "-q", "--allow-empty", "-m", "second"], in: workspace.directory)
        let (outcome, records) = try await workspace.run(["--resume"])
        let shown = outcome.standardOutput + outcome.standardError
        #expect(outcome.exitCode == 0, "\(shown)")
        #expect(Self.xcodebuildActions(records) == ["archive", "export"])
        #expect(shown.contains("archive re-runs: the commit changed ("))
        #expect(shown.contains("export re-runs: 'archive' before it re-runs") || shown.contains("export re-runs: the commit changed"))
    }

    /// The usual iOS lane: an `sh:` step without `outputs:` bumps the build number in a tracked
    /// file before the archive.
    static let bumpingLanes = Self.lanes.replacingOccurrences(
        of: "      - archive\n",
        with: "      - sh: echo $(( $(cat build-number) + 1 )) > build-number\n        name: bump\n      - archive\n")

    @Test("#26.9: a bump of a tracked file before the archive: --resume reuses bump, archive and export, and only uploads")
    func resumeAfterBuildNumberBump() async throws {
        let workspace = try await failedRun(gitRepository: true, lanes: Self.bumpingLanes)
        defer { SigningFixtures.remove(workspace.directory) }
        #expect(try String(contentsOfFile: workspace.directory + "/build-number", encoding: .utf8) == "2\n")
        workspace.allowUpload()
        let (outcome, records) = try await workspace.run(["--resume"])
        let shown = outcome.standardOutput + outcome.standardError
        #expect(outcome.exitCode == 0, "\(shown)")
        #expect(Self.xcodebuildActions(records).isEmpty, "\(shown)")
        #expect(shown.contains("↻ bump reused"))
        #expect(shown.contains("↻ archive reused"))
        #expect(shown.contains("↻ export reused"))
        #expect(shown.contains("upload re-runs: it failed last time"))
        // Bumped once, by the first attempt.
        #expect(try String(contentsOfFile: workspace.directory + "/build-number", encoding: .utf8) == "2\n")
    }

    @Test("#26.9: a tracked file changed after the failed attempt re-runs everything, and says so")
    func trackedFileChangedSinceAttempt() async throws {
        let workspace = try await failedRun(gitRepository: true, lanes: Self.bumpingLanes)
        defer { SigningFixtures.remove(workspace.directory) }
        workspace.allowUpload()
        try "41\n".write(toFile: workspace.directory + "/build-number", atomically: true, encoding: .utf8)
        let (outcome, records) = try await workspace.run(["--resume"])
        let shown = outcome.standardOutput + outcome.standardError
        #expect(outcome.exitCode == 0, "\(shown)")
        #expect(Self.xcodebuildActions(records) == ["archive", "export"])
        #expect(shown.contains("bump re-runs: tracked files changed since attempt 1 ended"), "\(shown)")
        #expect(shown.contains("archive re-runs: tracked files changed since attempt 1 ended"))
        #expect(try String(contentsOfFile: workspace.directory + "/build-number", encoding: .utf8) == "42\n")
    }

    @Test("--from upload runs the upload alone when the earlier artifacts are there, and refuses when one is gone")
    func fromStep() async throws {
        let workspace = try await failedRun()
        defer { SigningFixtures.remove(workspace.directory) }
        workspace.allowUpload()
        let archive = try workspace.runFolder + "/output/Brewer.xcarchive"
        try FileManager.default.moveItem(atPath: archive, toPath: archive + ".moved")
        let (refused, refusedRecords) = try await workspace.run(["--from", "upload"])
        #expect(refused.exitCode == 2)
        #expect(refused.standardError.contains("cannot start at 'upload': 'archive' made \(archive), which is gone"))
        #expect(refusedRecords.isEmpty)
        try FileManager.default.moveItem(atPath: archive + ".moved", toPath: archive)
        let (outcome, records) = try await workspace.run(["--from", "upload"])
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(Self.xcodebuildActions(records).isEmpty)
        let (typo, _) = try await workspace.run(["--from", "uplaod"])
        #expect(typo.exitCode == 2)
        #expect(typo.standardError.contains("lane 'beta' has no step named 'uplaod'"))
        #expect(typo.standardError.contains("did you mean 'upload'?"))
    }

    @Test("--dry-run --resume prints what would be reused and what would run, and runs nothing")
    func dryRunPlan() async throws {
        let workspace = try await failedRun()
        defer { SigningFixtures.remove(workspace.directory) }
        let journal = try String(contentsOfFile: try workspace.runFolder + "/journal.json", encoding: .utf8)
        let (outcome, records) = try await workspace.run(["--resume", "--dry-run"])
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        // Only reading the scheme's signed bundles, which a dry run does for real.
        #expect(records.allSatisfy { $0.prefix(2) == ["xcodebuild", "-showBuildSettings"] }, "\(records)")
        #expect(outcome.standardOutput.contains("↻ archive reused: passed"))
        #expect(outcome.standardError.contains("upload re-runs: it failed last time"))
        #expect(try String(contentsOfFile: try workspace.runFolder + "/journal.json", encoding: .utf8) == journal)
    }

    @Test("a truncated or newer journal is refused with exit 2, and nothing runs")
    func badJournal() async throws {
        let workspace = try await failedRun()
        defer { SigningFixtures.remove(workspace.directory) }
        let path = try workspace.runFolder + "/journal.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try String(text.prefix(200)).write(toFile: path, atomically: true, encoding: .utf8)
        let (truncated, records) = try await workspace.run(["--resume"])
        #expect(truncated.exitCode == 2)
        #expect(truncated.standardError.contains("truncated or corrupt"))
        #expect(records.isEmpty)
        try text.replacingOccurrences(of: "\"version\":1", with: "\"version\":7").write(toFile: path, atomically: true, encoding: .utf8)
        let (newer, _) = try await workspace.run(["--resume"])
        #expect(newer.exitCode == 2)
        #expect(newer.standardError.contains("it is version 7, from a newer nightshift"))
    }

    @Test("a run stopped by SIGTERM mid-step resumes at that step, reusing the one before")
    func interruptedRunResumes() async throws {
        let directory = try makeTemporaryDirectory()
        try """
        lanes:
          long:
            steps:
              - sh: mkdir -p out && date +%N > out/app.bin
                name: build
                outputs: [out/app.bin]
              - sh: |
                  if [ ! -f resume-now ]; then echo $PPID > nightshift.pid; sleep 300 & wait; fi
                name: slow archive
              - sh: echo finished > finished.txt
                name: finish
        """.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        async let first = NightshiftBinary.run(["run", "long"], in: directory)
        kill(try await SignalTests.waitForPID(in: directory + "/nightshift.pid"), SIGTERM)
        #expect(try await first.exitCode == 143)
        let built = try String(contentsOfFile: directory + "/out/app.bin", encoding: .utf8)
        _ = FileManager.default.createFile(atPath: directory + "/resume-now", contents: Data())
        let resumed = try await NightshiftBinary.run(["run", "long", "--resume"], in: directory)
        let shown = resumed.standardOutput + resumed.standardError
        #expect(resumed.exitCode == 0, "\(shown)")
        #expect(shown.contains("last interrupted"))
        #expect(shown.contains("↻ build reused"))
        #expect(shown.contains("slow archive re-runs: it interrupted last time"))
        #expect(try String(contentsOfFile: directory + "/out/app.bin", encoding: .utf8) == built)
        #expect(FileManager.default.fileExists(atPath: directory + "/finished.txt"))
    }

    /// Every form the masker knows of each secret (plain, base64, percent- and JSON-escaped):
    /// masking the journal must change nothing.
    static func expectNoSecret(inJournalOf workspace: Workspace) throws {
        let journal = try String(contentsOfFile: try workspace.runFolder + "/journal.json", encoding: .utf8)
        let masker = SecretMasker(secrets: secrets)
        #expect(masker.mask(journal) == journal)
        for secret in secrets { #expect(!journal.contains(secret)) }
        #expect(journal.contains("\"UPLOAD_TOKEN\""))
    }
}

extension NightshiftBinary {
    /// Another tool (git) in the test's folder, with the same hermetic environment.
    static func runTool(_ tool: String, _ arguments: [String], in directory: String) async throws -> Outcome {
        let runner = ProcessShellRunner(environment: environment(home: directory), gracePeriod: .seconds(5))
        let result = try await runner.capture(ShellCommand(tool, arguments, workingDirectory: directory))
        return Outcome(termination: result.termination, standardOutput: result.standardOutput, standardError: result.standardError)
    }
}
