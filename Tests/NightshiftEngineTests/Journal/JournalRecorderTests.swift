import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// When the journal is written, and with which state of the repository (#26.9).
@Suite("Journal recorder", .temporaryDirectory)
struct JournalRecorderTests {
    /// A recorder writing to a temporary journal, whose repository probe answers `bumped`.
    func recorder(
        probe: @escaping @Sendable () async -> RepositoryState? = { RepositoryState(commit: "c", dirty: true, changes: "bumped") },
        digest: (@Sendable (String) -> JournalArtifact?)? = nil
    ) throws -> (RunJournalRecorder, path: String) {
        let path = try TemporaryDirectory.make("recorder") + "/journal.json"
        let attempt = JournalAttempt(number: 1, started: Date(timeIntervalSince1970: 0), resumed: false, repository: nil)
        let journal = RunJournal(
            lane: "beta", runID: "r1", lanesFile: LanesFileRecord(path: "/w/lanes.yml", sha256: "ab"),
            repository: RepositoryState(commit: "c", dirty: false, changes: "clean"), attempts: [attempt])
        let recorder = RunJournalRecorder(
            journal: journal, path: path,
            fingerprinter: StepFingerprinter(
                file: LanesFile(path: "/w/lanes.yml"), masker: .none, repository: nil,
                key: JournalKey(bytes: [UInt8](repeating: 7, count: 32))),
            // No secrets: these tests are about what the journal keeps, not what it hides.
            secrets: RunSecrets(secrets: []), previous: [], from: nil, lock: nil,
            probeRepository: probe, digest: digest)
        return (recorder, path)
    }

    func finish(_ recorder: RunJournalRecorder, _ step: Step, number: Int, clock: ManualClock) async -> Bool {
        let ticket = await recorder.begin(
            step, lane: "beta", number: number, configuration: nil, environment: [:], artifactPaths: [], exportsBefore: [:])
        let result = StepResult(lane: "beta", name: step.displayName, kind: .step(step.kind.keyword), status: .passed, start: clock.now)
        return await recorder.finish(step, ticket, result: .init(result), exportsAfter: [:], clock: clock)
    }

    @Test("a quick step not yet written is, with the tree it left, before a step that is not sh:")
    func catchesUpBeforeASlowStep() async throws {
        let (recorder, path) = try recorder()
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_767_225_600))
        #expect(await finish(recorder, Step(.sh("setup")), number: 1, clock: clock))
        await recorder.writeAfterStep()
        // Within the second: not written at once.
        #expect(await !finish(recorder, Step(.sh("bump")), number: 2, clock: clock))
        await recorder.catchUp(before: Step(.sh("another quick one")))
        #expect(try JournalCoding.decode(Data(contentsOf: URL(fileURLWithPath: path)), path: path).steps.count == 1)
        await recorder.catchUp(before: Step(.archive))
        let written = try JournalCoding.decode(Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        #expect(written.steps.map(\.name) == ["setup", "bump"])
        #expect(written.left?.changes == "bumped")
    }

    @Test("a step with products is handed its fingerprint with the tree as it stands: a tracked file edited since changes it")
    func productFingerprintHoldsTheTree() async throws {
        let tree = TreeState(changes: "edit 1")
        let (recorder, _) = try recorder(probe: { RepositoryState(commit: "c", dirty: true, changes: await tree.changes) })
        let test = Step(.test(TestStepSettings(subject: .xcode(scheme: nil, testPlan: nil, destination: nil))))
        let ticket = await recorder.begin(
            test, lane: "beta", number: 1, configuration: nil, environment: [:], artifactPaths: [], exportsBefore: [:])
        let built = try #require(await recorder.productFingerprint(ticket, of: test))
        #expect(await recorder.productFingerprint(ticket, of: test) == built)
        await tree.set("edit 2")
        #expect(await recorder.productFingerprint(ticket, of: test) != built)
        await tree.set(nil)
        #expect(await recorder.productFingerprint(ticket, of: test) == nil)
        // A step without products keeps its own fingerprint, and git is not asked for it.
        let sh = Step(.sh("make"))
        let shTicket = await recorder.begin(
            sh, lane: "beta", number: 2, configuration: nil, environment: [:], artifactPaths: [], exportsBefore: [:])
        #expect(await recorder.productFingerprint(shTicket, of: sh) == shTicket.fingerprint)
    }
}

/// The tracked changes a probe reports, changed by the test.
private actor TreeState {
    var changes: String?
    init(changes: String?) { self.changes = changes }
    func set(_ changes: String?) { self.changes = changes }
}
