import Foundation
@testable import NightshiftDelivery
import NightshiftEngine
import Testing

@Suite("the files a dSYM upload sent, as the run journal keeps them")
struct SentFilesNoteTests {
    @Test("500 identities fit in values the journal keeps whole, and read back as they were")
    func roundTrip() {
        let sent = Set((0..<500).map { String(format: "%016x", $0 * 7919) })
        let values = SentFilesNote.values(sent)
        #expect(values.count == 3)
        #expect(values.values.allSatisfy { $0.count <= JournalNote.longestValue })
        #expect(SentFilesNote.sent(in: values) == sent)
        #expect(SentFilesNote.sent(in: nil).isEmpty)
        #expect(SentFilesNote.sent(in: ["other": "x"]).isEmpty)
    }
}
