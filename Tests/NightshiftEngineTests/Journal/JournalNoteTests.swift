import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// A step's note is on disk before the step goes on, masked, and read back by a later attempt.
@Suite("Journal notes", .temporaryDirectory)
struct JournalNoteTests {
    func recorder(journal: RunJournal, secrets: [String] = []) throws -> (RunJournalRecorder, path: String) {
        let path = try TemporaryDirectory.make("notes") + "/journal.json"
        let recorder = RunJournalRecorder(
            journal: journal, path: path,
            fingerprinter: StepFingerprinter(
                file: LanesFile(path: "/w/lanes.yml"), masker: .none, repository: nil,
                key: JournalKey(bytes: [UInt8](repeating: 7, count: 32))),
            secrets: RunSecrets(secrets: secrets), previous: journal.steps, from: nil, lock: nil)
        return (recorder, path)
    }

    static let journal = RunJournal(
        lane: "mac", runID: "r1", lanesFile: LanesFileRecord(path: "/w/lanes.yml", sha256: "ab"), repository: nil,
        attempts: [JournalAttempt(number: 1, started: Date(timeIntervalSince1970: 0), resumed: false, repository: nil)])

    @Test("a note is written at once, masked field by field, and replaces the step's earlier one")
    func writtenAtOnce() async throws {
        let (recorder, path) = try recorder(journal: Self.journal, secrets: ["hunter2-secret"])
        await recorder.note(step: 3, kind: "notarize", values: ["sha256": "ab12", "note": "token hunter2-secret"])
        await recorder.note(step: 3, kind: "notarize", values: ["sha256": "ab12", "submission_id": "2efe2717"])
        await recorder.note(step: 1, kind: "sh", values: ["x": "y"])
        let written = try JournalCoding.decode(Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        #expect(
            written.notes == [
                JournalNote(step: 1, kind: "sh", values: ["x": "y"]),
                JournalNote(step: 3, kind: "notarize", values: ["sha256": "ab12", "submission_id": "2efe2717"]),
            ])
        await recorder.note(step: 4, kind: "notarize", values: ["why": "hunter2-secret"])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("hunter2-secret"))
    }

    @Test("a resumed attempt reads the note its step left, of the same kind only")
    func readBack() async throws {
        var journal = Self.journal
        journal.notes = [JournalNote(step: 2, kind: "notarize", values: ["submission_id": "2efe2717"])]
        let data = Data(JournalCoding.encode(journal))
        let decoded = try JournalCoding.decode(data, path: "journal.json")
        let (recorder, _) = try recorder(journal: decoded)
        #expect(recorder.earlierNote(step: 2, kind: "notarize") == ["submission_id": "2efe2717"])
        #expect(recorder.earlierNote(step: 2, kind: "upload") == nil)
        #expect(recorder.earlierNote(step: 3, kind: "notarize") == nil)
    }

    @Test("a step reads the notes of the steps before it, this attempt's and earlier ones', in run order")
    func earlierSteps() async throws {
        var journal = Self.journal
        journal.notes = [JournalNote(step: 1, kind: "upload", values: ["build_id": "b1"])]
        let (recorder, _) = try recorder(journal: journal)
        await recorder.note(step: 3, kind: "upload", values: ["build_id": "b3"])
        await recorder.note(step: 5, kind: "release", values: ["version": "v"])
        #expect(
            recorder.notes(before: 5) == [
                JournalNote(step: 1, kind: "upload", values: ["build_id": "b1"]),
                JournalNote(step: 3, kind: "upload", values: ["build_id": "b3"]),
            ])
        #expect(recorder.notes(before: 1) == [])
    }

    @Test("a journal without notes (written before them) reads as none")
    func olderJournal() throws {
        let data = Data(JournalCoding.encode(Self.journal))
        #expect(!String(decoding: data, as: UTF8.self).contains("notes"))
        #expect(try JournalCoding.decode(data, path: "journal.json").notes == nil)
    }
}
