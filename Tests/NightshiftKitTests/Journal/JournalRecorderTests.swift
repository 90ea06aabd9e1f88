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
    func recorder() throws -> (RunJournalRecorder, path: String) {
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
            masker: .none, previous: [], from: nil, lock: nil,
            probeRepository: { RepositoryState(commit: "c", dirty: true, changes: "bumped") })
        return (recorder, path)
    }

    func finish(_ recorder: RunJournalRecorder, _ step: Step, number: Int, clock: ManualClock) -> Bool {
        let ticket = recorder.begin(
            step, lane: "beta", number: number, configuration: nil, environment: [:], artifactPaths: [], exportsBefore: [:])
        let result = StepResult(lane: "beta", name: step.displayName, kind: .step(step.kind.keyword), status: .passed, start: clock.now)
        return recorder.finish(step, ticket, result: result, exportsAfter: [:], clock: clock)
    }

    @Test("a quick step not yet written is, with the tree it left, before a step that is not sh:")
    func catchesUpBeforeASlowStep() async throws {
        let (recorder, path) = try recorder()
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_767_225_600))
        #expect(finish(recorder, Step(.sh("setup")), number: 1, clock: clock))
        await recorder.writeAfterStep()
        // Within the second: not written at once.
        #expect(!finish(recorder, Step(.sh("bump")), number: 2, clock: clock))
        await recorder.catchUp(before: Step(.sh("another quick one")))
        #expect(try JournalCoding.decode(Data(contentsOf: URL(fileURLWithPath: path)), path: path).steps.count == 1)
        await recorder.catchUp(before: Step(.archive))
        let written = try JournalCoding.decode(Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        #expect(written.steps.map(\.name) == ["setup", "bump"])
        #expect(written.left?.changes == "bumped")
    }
}
