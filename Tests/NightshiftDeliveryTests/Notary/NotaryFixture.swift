import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

/// A fake S3 upload: records each call, and what the run journal held when it started.
final class FakeNotaryUpload: NotaryFileUpload, @unchecked Sendable {
    struct Call {
        var file: String
        var bucket: String
        var key: String
        var credentials: NotaryS3Credentials
        var region: String
        var endpoint: URL?
        var progressFile: String?
        /// The journal notes recorded before this upload began.
        var notedBefore: [[String: String]]
    }

    private let lock = NSLock()
    private var made: [Call] = []
    /// The next `failures` uploads end as a killed process would leave them: cancelled.
    var failures = 0
    /// While true, an upload that started does not end (a large file on a slow line).
    private var holding = false
    let notes: JournalNotesLog

    init(notes: JournalNotesLog) {
        self.notes = notes
    }

    var calls: [Call] { lock.withLock { made } }

    func hold() { lock.withLock { holding = true } }
    func release() { lock.withLock { holding = false } }

    func upload(
        file: String, bucket: String, key: String, credentials: NotaryS3Credentials, region: String, endpoint: URL?,
        progressFile: String?, log: @escaping @Sendable (String) -> Void
    ) async throws {
        let fail = lock.withLock { () -> Bool in
            made.append(
                Call(
                    file: file, bucket: bucket, key: key, credentials: credentials, region: region, endpoint: endpoint,
                    progressFile: progressFile, notedBefore: notes.recorded))
            guard failures > 0 else { return false }
            failures -= 1
            return true
        }
        log("PUT s3://\(bucket)/\(key) with \(credentials.secretAccessKey)")
        if fail { throw CancellationError() }
        while lock.withLock({ holding }) { try await Task.sleep(for: .milliseconds(2)) }
    }
}

/// The notes a step wrote into its (stand-in) journal.
final class JournalNotesLog: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [[String: String]] = []
    var recorded: [[String: String]] { lock.withLock { values } }
    func record(_ note: [String: String]) { lock.withLock { values.append(note) } }
    var notes: StepJournalNotes { StepJournalNotes(earlier: nil, record: { [self] in record($0) }) }
}

final class StepOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
    func append(_ chunk: [UInt8]) { lock.withLock { bytes += chunk } }
}

/// One project folder with its `.nightshift` state, a file to notarize, a fake notary service
/// and a manual clock; each `run` is a run of the lane in a new run folder.
struct NotaryFixture {
    let folder: String
    let clock = ManualClock()
    let service: FakeNotaryService
    let shell = ScriptedShellRunner()
    let notes = JournalNotesLog()
    let upload: FakeNotaryUpload
    let file: String
    /// `NOTARY_S3_ENDPOINT`: a port nothing listens on, unless a test uploads for real (moto).
    var s3Endpoint = "http://127.0.0.1:9"

    init(script: FakeNotaryService.Script = .init(), fileName: String = "App.dmg") async throws {
        folder = try TemporaryDirectory.make("project")
        service = try await FakeNotaryService(clock: clock, script: script)
        upload = FakeNotaryUpload(notes: notes)
        file = folder + "/build/" + fileName
        try FileManager.default.createDirectory(atPath: folder + "/build", withIntermediateDirectories: true)
        try Data("the signed disk image".utf8).write(to: URL(fileURLWithPath: file))
    }

    var sha256: String { (try? FileDigest.of(file: file).sha256) ?? "" }

    /// What a run cut off before Apple's answer leaves: the file's record without a submission id.
    func savePendingRecord() throws {
        try NotarySubmissionRecords(stateDirectory: folder + "/.nightshift").save(
            NotarySubmissionRecord(sha256: sha256, name: "App.dmg", uploaded: false, method: "api", created: clock.now))
    }

    var environment: EnvironmentVariables {
        [
            "APP_STORE_CONNECT_API_KEY_KEY_ID": FakeNotaryService.keyID, "APP_STORE_CONNECT_API_KEY_ISSUER_ID": FakeNotaryService.issuerID,
            "APP_STORE_CONNECT_API_KEY_KEY": service.pem, "NOTARY_API_ENDPOINT": service.endpoint,
            "NOTARY_S3_ENDPOINT": s3Endpoint,
        ]
    }

    func step(
        waitTimeout: Duration = .seconds(3600), poll: Duration = .seconds(15), method: NotarizeSettings.Method = .api, file: String? = nil
    ) -> Step {
        Step(.notarize(NotarizeSettings(file: Template(file ?? self.file), waitTimeout: waitTimeout, poll: poll, method: method)))
    }

    func context(_ step: Step, runID: String, output: StepOutput, dryRun: Bool = false, earlier: [String: String]? = nil) -> StepContext {
        let lanesFile = LanesFile(path: "lanes.yml", project: Project(name: "Demo"))
        var context = StepContext(
            lanesFile: lanesFile, lane: Lane(name: "mac", steps: [step]), step: step, configuration: nil, environment: environment,
            folders: RunFolders(root: .test(folder + "/.nightshift"), lane: "mac", runID: runID), shell: shell, clock: clock,
            secrets: RunSecrets(secrets: []), cleanup: CleanupStack(), exports: RunExports(), directory: folder, isDryRun: dryRun,
            emit: { _, bytes in output.append(bytes) })
        context.journalNotes = StepJournalNotes(earlier: earlier, record: { [notes] in notes.record($0) })
        return context
    }

    func performer(upload: (any NotaryFileUpload)? = nil) -> NotarizeStepPerformer {
        NotarizeStepPerformer(
            upload: upload ?? self.upload,
            client: { [clock] policy in
                RetryingHTTPClient(transport: URLSessionTransport(), clock: clock, jitter: FixedJitter(unit: 0.5), policy: policy)
            },
            temporaryDirectory: folder)
    }

    /// Scripts what a Mac answers to the staple and its checks.
    func scriptStapling() async {
        await shell.on(["xcrun", "--find", "stapler"], .output([(.standardOutput, "/usr/bin/stapler\n")], .exited(0)))
        await shell.on(
            ["xcrun", "stapler", "staple"], .output([(.standardOutput, "The staple and validate action worked!\n")], .exited(0)))
        await shell.on(["xcrun", "stapler", "validate"], .output([(.standardOutput, "The validate action worked!\n")], .exited(0)))
        await shell.on(["spctl"], .output([(.standardError, "\(file): accepted\nsource=Notarized Developer ID\n")], .exited(0)))
        await shell.on(["codesign"], .output([(.standardError, "\(file): valid on disk\n")], .exited(0)))
    }

    /// Runs the step to its end, moving the clock whenever it sleeps; the step's error, if any.
    func run(
        _ step: Step, runID: String, output: StepOutput = StepOutput(), performer: NotarizeStepPerformer? = nil,
        earlier: [String: String]? = nil, dryRun: Bool = false
    ) async -> (any Error)? {
        let context = context(step, runID: runID, output: output, dryRun: dryRun, earlier: earlier)
        let performer = performer ?? self.performer()
        let task = Task { try await performer.perform(step, in: context) }
        let finished = Finished()
        Task {
            _ = await task.result
            finished.set()
        }
        while !finished.isSet {
            if clock.sleeperCount > 0 { clock.advance(by: .seconds(1)) } else { try? await Task.sleep(for: .milliseconds(2)) }
        }
        switch await task.result {
        case .success: return nil
        case .failure(let error): return error
        }
    }

    /// The step's failure, which it must have.
    func failure(of step: Step, runID: String = "1") async throws -> StepFailure {
        try #require(await run(step, runID: runID) as? StepFailure)
    }

    final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        var isSet: Bool { lock.withLock { done } }
        func set() { lock.withLock { done = true } }
    }
}

enum FilePermissions {
    static func of(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }
}
