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

    @Test("Apple's dates are read with or without a fraction, in UTC or at an offset; anything else is nil")
    func reads() {
        let instant = Date(timeIntervalSince1970: 1_654_652_289)
        #expect(UTCTimestamp.date(rfc3339: "2022-06-08T01:38:09Z") == instant)
        #expect(UTCTimestamp.date(rfc3339: "2022-06-08T01:38:09+00:00") == instant)
        #expect(UTCTimestamp.date(rfc3339: "2022-06-08T03:38:09+02:00") == instant)
        let fraction = UTCTimestamp.date(rfc3339: "2022-06-08T01:38:09.498Z")
        #expect(fraction.map { abs($0.timeIntervalSince(instant) - 0.498) < 0.001 } == true)
        #expect(UTCTimestamp.date(rfc3339: UTCTimestamp.iso8601(instant)) == instant)
        for text in ["", "2022-06-08", "2022-06-08 01:38:09Z", "yesterday", "2022-13-08T01:38:09Z"] {
            #expect(UTCTimestamp.date(rfc3339: text) == nil, "\(text)")
        }
    }
}
