import Foundation
import NightshiftCore
import Testing

/// The one owner of UTC date formats writes what the `DateFormatter`s it replaced wrote.
@Suite("UTCTimestamp")
struct UTCTimestampTests {
    private func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }

    @Test(
        "each format matches DateFormatter's, seconds truncated",
        arguments: [0.0, 1_700_000_000.75, 951_782_400.5, 253_402_300_799, 1_750_000_000.999])
    func formats(_ seconds: TimeInterval) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(UTCTimestamp.iso8601(date) == formatter("yyyy-MM-dd'T'HH:mm:ss'Z'").string(from: date))
        #expect(UTCTimestamp.compact(date) == formatter("yyyyMMdd'T'HHmmss'Z'").string(from: date))
        #expect(UTCTimestamp.runStamp(date) == formatter("yyyyMMdd-HHmmss").string(from: date))
        #expect(UTCTimestamp.day(date) == formatter("yyyy-MM-dd").string(from: date))
    }
}
