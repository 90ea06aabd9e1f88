import Foundation
@testable import NightshiftEngine
import Testing

/// `JournalWriter` is the journal's one encoder; `JSONDecoder` reads it back. The two must agree
/// on every field, and journals written before it (by `JSONEncoder`, slashes escaped) stay readable.
@Suite("Journal writer")
struct JournalWriterTests {
    static let state = RepositoryState(commit: "c1", dirty: true, changes: "d1")

    /// Every optional field set.
    static let full: RunJournal = {
        var journal = RunJournal(
            lane: "beta/é", runID: "20260101-000000-ab", lanesFile: LanesFileRecord(path: "/w/lanes \"x\".yml", sha256: "ab"),
            repository: state,
            attempts: [
                JournalAttempt(number: 1, started: Date(timeIntervalSince1970: 1_767_225_600), resumed: false, repository: nil),
                JournalAttempt(
                    number: 2, started: Date(timeIntervalSince1970: 1_767_229_200), resumed: true, from: "upload", repository: state),
            ],
            steps: [
                JournalStep(
                    number: 1, lane: "beta", kind: "sh", name: "build\n", attempt: 1, fingerprint: "f",
                    inputs: StepInputs(
                        step: "s", configuration: ["b": "2", "a": "1"], settings: ["a": "x"], variables: ["V": "unset"],
                        consumes: ["ipa": "g"], commit: "c", dirty: false, digests: "hmac-sha256"),
                    status: "passed", attempts: 1, finished: Date(timeIntervalSince1970: 1_767_225_660),
                    artifacts: [JournalArtifact(path: "/o/A.xcarchive", size: 12, sha256: "ab", directory: true)],
                    exports: ["NIGHTSHIFT_IPA_PATH": "/o/A.ipa"], reusable: true, details: ["signing.changes": "created profile 'P'"])
            ], status: .interrupted)
        journal.left = RepositoryState(commit: "c2", dirty: false, changes: nil)
        journal.options = [
            JournalOption(name: "flavor", value: "release", given: true), JournalOption(name: "token", value: nil, given: false),
        ]
        return journal
    }()

    /// No optional field set.
    static let bare = RunJournal(
        lane: "beta", runID: "r1", lanesFile: LanesFileRecord(path: "lanes.yml", sha256: "ab"), repository: nil,
        attempts: [JournalAttempt(number: 1, started: Date(timeIntervalSince1970: 0), resumed: false, repository: nil)])

    /// What `JSONEncoder` made of the journal before this writer (`JournalCoding` at 539f13c).
    static func foundationEncoded(_ journal: RunJournal, escapingSlashes: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = escapingSlashes ? [.sortedKeys] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(journal)
    }

    @Test("every field round-trips, with each optional set and with none", arguments: [full, bare])
    func roundTrip(journal: RunJournal) throws {
        #expect(try JournalCoding.decode(Data(JournalCoding.encode(journal)), path: "j") == journal)
    }

    @Test("the writer writes the same JSON as Foundation's encoder: the same keys, values and absent optionals", arguments: [full, bare])
    func sameAsFoundation(journal: RunJournal) throws {
        let written = try JSONSerialization.jsonObject(with: Data(JournalCoding.encode(journal))) as? NSDictionary
        let foundation = try JSONSerialization.jsonObject(with: try Self.foundationEncoded(journal)) as? NSDictionary
        #expect(written != nil)
        #expect(written == foundation)
    }

    @Test("a journal as JSONEncoder wrote it before (slashes escaped, the steps inline) is read the same")
    func readsEarlierJournals() throws {
        let earlier = try Self.foundationEncoded(Self.full)
        #expect(String(decoding: earlier, as: UTF8.self).contains(#"\/o\/A.xcarchive"#))
        #expect(try JournalCoding.decode(earlier, path: "j") == Self.full)
    }

    @Test("one step a line, so two journals diff cleanly")
    func oneStepALine() throws {
        var journal = Self.full
        journal.steps.append(journal.steps[0])
        journal.steps[1].number = 2
        let lines = String(decoding: JournalCoding.encode(journal), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix(#"{"artifacts":"#) && lines[1].hasSuffix("},"))
        #expect(lines[2].hasPrefix(#"{"artifacts":"#) && lines[2].contains(#""number":2"#))
    }
}

@Suite("Journal step statuses")
struct JournalStepStatusTests {
    @Test("the statuses the resume rules act on are the engine's, as it records them; a lane's end maps to the journal's status")
    func sameAsTheEngine() {
        #expect(JournalStep.passed == StepStatus.passed.rawValue)
        #expect(JournalStep.skipped == StepStatus.skipped.rawValue)
        let ends: [(LaneStatus, JournalStatus)] = [
            (.passed, .passed), (.passedWithWarnings, .passed), (.failed, .failed), (.interrupted, .interrupted), (.notRun, .failed),
        ]
        for (lane, journal) in ends { #expect(JournalStatus(lane) == journal) }
    }
}
