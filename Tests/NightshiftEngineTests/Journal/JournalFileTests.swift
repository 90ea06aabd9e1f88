import Foundation
@testable import NightshiftEngine
import NightshiftLanes
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("Journal files", .temporaryDirectory)
struct JournalFileTests {
    @Test("a journal round-trips; a truncated, empty or newer one is refused with the reason")
    func decoding() throws {
        let journal = RunJournal(
            lane: "beta", runID: "r1", lanesFile: LanesFileRecord(path: "/w/lanes.yml", sha256: "ab"),
            repository: RepositoryState(commit: "c", dirty: false),
            attempts: [JournalAttempt(number: 1, started: Date(timeIntervalSince1970: 0), resumed: false, repository: nil)],
            steps: [
                JournalStep(
                    number: 1, lane: "beta \"q\" \\ \n\t\u{1}é", kind: "sh", name: "steps\":[]", attempt: 2, fingerprint: "f",
                    inputs: StepInputs(
                        step: "s", configuration: ["a": "1"], settings: ["a": "x"], variables: ["V": "unset"], consumes: ["ipa": "g"],
                        commit: "c", dirty: true, digests: "hmac-sha256"),
                    status: "passed", attempts: 3, finished: Date(timeIntervalSince1970: 1_767_225_600),
                    artifacts: [JournalArtifact(path: "/o/A.xcarchive", size: 12, sha256: "ab", directory: true)],
                    exports: ["NIGHTSHIFT_IPA_PATH": "/o/A.ipa"], reusable: false),
                JournalStep(
                    number: 2, lane: "beta", kind: "upload", name: "upload", attempt: 1, fingerprint: "h", inputs: StepInputs(step: "t"),
                    status: "failed", attempts: 1, finished: Date(timeIntervalSince1970: 1_767_225_660), artifacts: [], exports: [:],
                    reusable: true),
            ])
        var withOptions = journal
        withOptions.options = [
            JournalOption(name: "flavor", value: "release", given: true), JournalOption(name: "token", value: nil, given: true),
        ]
        #expect(try JournalCoding.decode(Data(JournalCoding.encode(withOptions)), path: "j") == withOptions)
        let bytes = JournalCoding.encode(journal)
        #expect(try JournalCoding.decode(Data(bytes), path: "j") == journal)
        #expect(throws: JournalProblem.unreadable(path: "j", reason: "it is not a journal (truncated or corrupt)")) {
            try JournalCoding.decode(Data(bytes.prefix(bytes.count / 2)), path: "j")
        }
        #expect(throws: JournalProblem.unreadable(path: "j", reason: "it is empty")) { try JournalCoding.decode(Data(), path: "j") }
        let newer = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"version\":1", with: "\"version\":2")
        #expect(throws: JournalProblem.unreadable(path: "j", reason: "it is version 2, from a newer nightshift (this one reads up to 1)")) {
            try JournalCoding.decode(Data(newer.utf8), path: "j")
        }
    }

    @Test("a string is written as JSON reads it back: every control character, quotes, backslashes, multi-byte scalars")
    func stringEscaping() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        for text in ["", controls, "\"\\/", "é😀\u{202E}\u{7F}", "plain " + String(repeating: "x", count: 10_000) + "\n"] {
            let written = JournalWriter.string(text)
            #expect(try JSONDecoder().decode(String.self, from: Data(written.utf8)) == text)
        }
    }

    @Test("a journal larger than nightshift writes, or not a regular file, is refused before it is read (the fuzzer's 500 MB journal)")
    func hostileJournalFiles() throws {
        let lanes = try TemporaryDirectory.make("journal-size")
        defer { try? FileManager.default.removeItem(atPath: lanes) }
        let store = JournalStore(laneFolder: lanes)
        try FileManager.default.createDirectory(atPath: store.runFolder("huge"), withIntermediateDirectories: true)
        // Sparse: one byte over the limit costs no disk.
        #expect(FileManager.default.createFile(atPath: store.journalPath("huge"), contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: store.journalPath("huge")))
        try handle.truncate(atOffset: UInt64(JournalCoding.maximumSize) + 1)
        try handle.close()
        let size = JournalCoding.maximumSize + 1
        #expect(
            throws: JournalProblem.unreadable(
                path: store.journalPath("huge"),
                reason: "it is \(size) bytes, more than \(JournalCoding.maximumSize)")
        ) { try store.load("huge", lane: "beta") }
        try FileManager.default.createDirectory(atPath: store.runFolder("fifo"), withIntermediateDirectories: true)
        #expect(mkfifo(store.journalPath("fifo"), 0o600) == 0)
        #expect(throws: JournalProblem.unreadable(path: store.journalPath("fifo"), reason: "it is a FIFO")) {
            try store.load("fifo", lane: "beta")
        }
    }

    @Test("a journal whose attempt numbers are out of range is refused, not trusted to count on (Int.max + 1 traps)")
    func attemptNumbersInRange() throws {
        for number in [Int.max, 0, -1] {
            let journal = RunJournal(
                lane: "beta", runID: "r1", lanesFile: LanesFileRecord(path: "/w/lanes.yml", sha256: "ab"), repository: nil,
                attempts: [JournalAttempt(number: number, started: Date(timeIntervalSince1970: 0), resumed: false, repository: nil)])
            #expect(throws: JournalProblem.unreadable(path: "j", reason: "its attempt numbers are not 1 to \(RunJournal.maxAttempts)")) {
                try JournalCoding.decode(Data(JournalCoding.encode(journal)), path: "j")
            }
        }
    }

    @Test("DurableFile replaces a file whole and leaves no temporary file")
    func durableReplace() throws {
        let folder = try TemporaryDirectory.make("journal")
        let path = folder + "/journal.json"
        try DurableFile.replace(path, with: Array("old".utf8))
        try DurableFile.replace(path, with: Array("new contents".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new contents")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["journal.json"])
        #expect(throws: SystemCallError.self) { try DurableFile.replace(folder + "/missing/journal.json", with: []) }
    }

    @Test("a folder's digest covers names and contents, and a missing artifact reads as nil")
    func directoryDigest() throws {
        let folder = try TemporaryDirectory.make("digest") + "/Brewer.xcarchive"
        try FileManager.default.createDirectory(atPath: folder + "/Products", withIntermediateDirectories: true)
        try "app".write(toFile: folder + "/Products/App", atomically: true, encoding: .utf8)
        let first = try #require(ContentDigest.artifact(at: folder))
        #expect(first.directory && first.size == 3)
        try "apq".write(toFile: folder + "/Products/App", atomically: true, encoding: .utf8)
        #expect(ContentDigest.artifact(at: folder)?.sha256 != first.sha256)
        try "app".write(toFile: folder + "/Products/App", atomically: true, encoding: .utf8)
        #expect(ContentDigest.artifact(at: folder)?.sha256 == first.sha256)
        try FileManager.default.moveItem(atPath: folder + "/Products/App", toPath: folder + "/Products/App2")
        #expect(ContentDigest.artifact(at: folder)?.sha256 != first.sha256)
        #expect(ContentDigest.artifact(at: folder + "/nothing") == nil)
    }
}
