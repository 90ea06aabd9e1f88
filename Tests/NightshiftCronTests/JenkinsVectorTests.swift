import Foundation
import NightshiftCron
import Testing

@Suite("Jenkins cron vectors")
struct JenkinsVectorTests {
    static let valid = JenkinsVector.all.filter(\.isValid)
    static let invalid = JenkinsVector.all.filter { !$0.isValid }

    @Test("the fixture holds all 2,603 vectors")
    func fixtureIsComplete() {
        #expect(JenkinsVector.all.count == 2603)
        #expect(Self.invalid.count == 65)
    }

    @Test("every valid spec resolves its fields and H values as Jenkins does")
    func resolvedFields() throws {
        var mismatches: [String] = []
        for vector in Self.valid {
            let spec = try CronSpec(vector.spec, seed: vector.seed, aliasesKeepTimeZone: false)
            let resolved = spec.lines.map { line in
                let fields = line.fields
                return "m=\(fields.compressed(.minute));h=\(fields.compressed(.hour));dom=\(fields.compressed(.dayOfMonth));"
                    + "mon=\(fields.compressed(.month));dow=\(fields.compressed(.dayOfWeek));tz=\(line.timeZoneIdentifier ?? "-")"
            }.joined(separator: " | ")
            if resolved != vector.resolved { mismatches.append("\(vector): \(resolved) != \(vector.resolved)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    @Test("every valid spec fires at Jenkins' next five minutes")
    func nextFirings() throws {
        var mismatches: [String] = []
        for vector in Self.valid {
            let zone = try #require(TimeZone(identifier: vector.zone))
            let start = try #require(CronTimeFormat.date(from: vector.start, defaultZone: zone))
            let spec = try CronSpec(vector.spec, seed: vector.seed, aliasesKeepTimeZone: false)
            let firings = spec.firings(atOrAfter: start, count: 5, defaultTimeZone: zone)
            let printed = firings.map { CronTimeFormat.string(from: $0, in: zone) }
            let found = vector.foundWithinWindow ?? 5
            let windowEnd = start.addingTimeInterval(30 * 365.25 * 86_400)
            let beyondWindow = firings.dropFirst(found).allSatisfy { $0 > windowEnd }
            if Array(printed.prefix(found)) != vector.next5 || !beyondWindow {
                mismatches.append("\(vector): \(printed) != \(vector.next5)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    @Test("every valid spec's last firing at or before the start is Jenkins' prev_scan")
    func previousFiring() throws {
        var mismatches: [String] = []
        for vector in Self.valid where !vector.previousScan.isEmpty {
            let zone = try #require(TimeZone(identifier: vector.zone))
            let start = try #require(CronTimeFormat.date(from: vector.start, defaultZone: zone))
            let spec = try CronSpec(vector.spec, seed: vector.seed, aliasesKeepTimeZone: false)
            let previous = spec.previous(atOrBefore: start, defaultTimeZone: zone)
            let matches: Bool
            if vector.previousScan.hasPrefix("none") {
                matches = previous.map { $0 < start.addingTimeInterval(-30 * 365.25 * 86_400) } ?? true
            } else {
                matches = previous.map { CronTimeFormat.string(from: $0, in: zone) } == vector.previousScan
            }
            if !matches { mismatches.append("\(vector): \(String(describing: previous)) != \(vector.previousScan)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    @Test("specs without lines are valid and never fire")
    func emptySpecs() throws {
        for vector in Self.valid where vector.resolved.isEmpty {
            let spec = try CronSpec(vector.spec, seed: vector.seed)
            #expect(spec.lines.isEmpty, "\(vector)")
            #expect(spec.next(atOrAfter: Date(), defaultTimeZone: .gmt) == nil)
        }
    }

    @Test("every spec Jenkins rejects is rejected on the same line and column")
    func rejections() {
        var mismatches: [String] = []
        for vector in Self.invalid {
            do {
                let spec = try CronSpec(vector.spec, seed: vector.seed)
                mismatches.append("\(vector): accepted with \(spec.lines.count) lines")
            } catch {
                guard let (line, column) = vector.errorPosition else { continue }
                if error.line != line || error.column != column {
                    mismatches.append("\(vector): at \(error.line):\(error.column), Jenkins \(line):\(column)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    @Test("range, step and zone errors carry Jenkins' own message")
    func rejectionMessages() {
        let jenkinsWorded = ["invalid value", "step must be positive", "You mean", "Invalid or unsupported timezone"]
        var mismatches: [String] = []
        for vector in Self.invalid where jenkinsWorded.contains(where: vector.error.contains) {
            do {
                _ = try CronSpec(vector.spec, seed: vector.seed)
                mismatches.append("\(vector): accepted")
            } catch {
                if error.message != vector.errorMessage { mismatches.append("\(vector): '\(error.message)' != '\(vector.errorMessage)'") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }
}
