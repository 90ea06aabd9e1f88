import Foundation
import NightshiftCron

// `nightshift-cron-bench --write-specs FILE [COUNT]` writes the benchmark specs (10,000 by default;
// plain, H-free, so Python's cron libraries read them too); `nightshift-cron-bench FILE` times
// parsing each spec and computing its next 10 firings, and prints the median of 5 rounds in
// milliseconds, once per pass: UTC from 2026-01-01T00:00Z, and Europe/Berlin (a DST zone) from
// 2026-03-29T00:00+01:00, two hours before spring-forward, so frequent specs cross the gap.

struct SpecGenerator {
    private var state: UInt64 = 0x2545_F491_4F6C_DD1D

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func field(low: Int, high: Int) -> String {
        switch next(6) {
        case 0: return "*"
        case 1: return "\(low + next(high - low + 1))"
        case 2:
            let start = low + next(high - low + 1)
            return "\(start)-\(start + next(high - start + 1))"
        case 3: return "*/\(1 + next(min(high - low + 1, 15)))"
        case 4:
            let first = low + next(high - low + 1)
            let second = low + next(high - low + 1)
            return first == second ? "\(first)" : "\(min(first, second)),\(max(first, second))"
        default: return "*"
        }
    }

    /// Day of month is kept within 1–28 and left `*` when a weekday is set, so the spec means the
    /// same under Jenkins' AND and the Python libraries' OR.
    mutating func spec() -> String {
        let minute = field(low: 0, high: 59)
        let hour = field(low: 0, high: 23)
        let weekday = field(low: 0, high: 6)
        let day = weekday == "*" ? field(low: 1, high: 28) : "*"
        let month = field(low: 1, high: 12)
        return "\(minute) \(hour) \(day) \(month) \(weekday)"
    }
}

func specs(count: Int) -> [String] {
    var generator = SpecGenerator()
    return (0..<count).map { _ in generator.spec() }
}

func measure(_ specs: [String], start: Date, zone: TimeZone) throws -> (milliseconds: Double, checksum: Int) {
    var checksum = 0
    let clock = ContinuousClock()
    let elapsed = try clock.measure {
        for text in specs {
            let spec = try CronSpec(text, seed: nil)
            for firing in spec.firings(atOrAfter: start, count: 10, defaultTimeZone: zone) {
                checksum &+= Int(firing.timeIntervalSince1970)
            }
        }
    }
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) * 1000 + Double(attoseconds) / 1e15, checksum)
}

/// The zones timed, by the names the script parses, with each one's start.
let passes: [(name: String, start: Date)] = [
    ("UTC", Date(timeIntervalSince1970: 1_767_225_600)),  // 2026-01-01T00:00:00Z
    ("Europe/Berlin", Date(timeIntervalSince1970: 1_774_738_800)),  // 2026-03-29T00:00:00+01:00
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--write-specs", arguments.count >= 2 {
    let count = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000
    try specs(count: count).joined(separator: "\n").appending("\n").write(toFile: arguments[1], atomically: true, encoding: .utf8)
} else {
    let path = arguments.first ?? ""
    let list =
        path.isEmpty ? specs(count: 10_000) : try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    for pass in passes {
        guard let zone = TimeZone(identifier: pass.name) else { fatalError("no zone \(pass.name)") }
        var rounds: [Double] = []
        var checksum = 0
        for _ in 0..<5 {
            let result = try measure(list, start: pass.start, zone: zone)
            rounds.append(result.milliseconds)
            checksum = result.checksum
        }
        print(
            String(
                format: "swift %@ %.1f ms (median of 5; %d specs x 10 fires; checksum %d)",
                pass.name, rounds.sorted()[2], list.count, checksum))
    }
}
