import Foundation
public import NightshiftCore
public import NightshiftEngine
public import NightshiftSystem

/// The run as a static web page (issue #28): `index.html` and its stylesheet, nothing else. It
/// opens as it is under Jenkins' default Content-Security-Policy (`sandbox allow-same-origin;
/// default-src 'none'; img-src 'self'; style-src 'self'`): no script, no inline style, no
/// `style=` attribute, no data: URI; the timeline's bars are sized by classes of the stylesheet.
/// A failed lane's first failing step and its reason come first on the page, then every failed
/// test with its reason and every skipped one with its own; then each lane:
/// its facts, the timeline, the steps with their last lines and a link to each full log, the
/// tests (failed and flaky first) and coverage, the uploads, the options and configuration.
public struct HTMLReport: Sendable {
    public static let indexName = "index.html"
    public static let stylesheetName = "report.css"

    public var results: [LaneResult]
    /// Each lane's configuration (`configuration:` in lanes.yml), by lane name; absent for a lane
    /// without one.
    public var configurations: [String: String]
    /// Under each limit the report stays readable and its size bounded whatever a step prints.
    public var limits: HTMLReportLimits

    public init(results: [LaneResult], configurations: [String: String] = [:], limits: HTMLReportLimits = HTMLReportLimits()) {
        self.results = results
        self.configurations = configurations
        self.limits = limits
    }

    /// The files of the report, for `folder`: links to the step logs are relative to it. A log
    /// copied beside the report is linked there: `logCopies` maps a step's `logPath` to its copy.
    /// The page is masked whole with `secrets` as they stand, after each value was masked on its own.
    public func render(in folder: AbsolutePath, secrets: RunSecrets, logCopies: [String: AbsolutePath] = [:]) -> HTMLReportFiles {
        let links = HTMLLogLinks(folder: folder, copies: logCopies)
        let writer = HTMLWriter(masker: secrets.masker)
        var budget = HTMLOutputBudget(remaining: limits.totalOutputBytes)
        writer.markup("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        writer.markup("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        writer.text("nightshift: " + title)
        writer.markup("</title>\n<link rel=\"stylesheet\" href=\"report.css\">\n</head>\n<body>\n")
        writer.open(.main)
        writer.newline()
        for result in results where result.status == .failed || result.status == .interrupted {
            HTMLFailureSection(result: result, links: links, limits: limits).write(to: writer)
        }
        writer.open(.header, classes: [StyleClass("run")])
        writer.element(.h1, title)
        writer.element(.p, classes: [StyleClass("meta")], subtitle)
        writer.close(.header)
        writer.newline()
        HTMLTestOutcomesSection(results: results, limits: limits).write(to: writer)
        for (index, result) in results.enumerated() {
            HTMLLaneSection(
                result: result, configuration: configurations[result.lane], links: links, limits: limits, number: index + 1
            ).write(to: writer, budget: &budget)
        }
        writer.close(.main)
        writer.markup("\n</body>\n</html>\n")
        return HTMLReportFiles(index: secrets.masked(writer.html), stylesheet: HTMLStylesheet.text)
    }

    /// `lane beta failed`, `3 lanes: 2 passed, 1 failed`.
    var title: String {
        guard results.count != 1 else { return "lane \(results[0].lane) \(results[0].status.rawValue)" }
        let counts = Dictionary(grouping: results, by: \.status).mapValues(\.count)
        let order: [LaneStatus] = [.failed, .interrupted, .passedWithWarnings, .passed, .notRun]
        let parts = order.compactMap { status in counts[status].map { "\($0) \(status.rawValue)" } }
        return "\(results.count) lanes: " + parts.joined(separator: ", ")
    }

    private var subtitle: String {
        guard let start = results.map(\.start).min() else { return "nightshift run report" }
        let duration = results.reduce(Duration.zero) { $0 + $1.duration }
        return "nightshift run report · started \(UTCTimestamp.iso8601(start)) · \(DurationFormatting.short(duration)) in all"
    }
}

/// What `HTMLReport.render` makes: the page, masked, and its stylesheet (the report's own text).
public struct HTMLReportFiles: Sendable {
    public let index: MaskedText
    public let stylesheet: String
}

/// Bounds on what the page shows, so a step printing gigabytes or a suite of 100,000 tests
/// makes a page a browser opens at once; the full logs and JUnit files are linked.
public struct HTMLReportLimits: Sendable, Hashable {
    /// The last bytes of a step's output shown with it.
    public var stepOutputBytes: Int
    /// The last bytes of the failing step's output shown at the top.
    public var failureOutputBytes: Int
    /// Output shown in all, over every step: a lane of 2,000 chatty steps shows the first ones'
    /// and then links only. A failing step's output is always shown.
    public var totalOutputBytes: Int
    /// Tests listed per test step, failed and flaky first.
    public var testsListed: Int
    /// Characters of a name, a message or a value shown.
    public var valueCharacters: Int

    public init(
        stepOutputBytes: Int = 16 * 1024, failureOutputBytes: Int = 6 * 1024, totalOutputBytes: Int = 2 * 1024 * 1024,
        testsListed: Int = 500, valueCharacters: Int = 2000
    ) {
        self.stepOutputBytes = stepOutputBytes
        self.failureOutputBytes = failureOutputBytes
        self.totalOutputBytes = totalOutputBytes
        self.testsListed = testsListed
        self.valueCharacters = valueCharacters
    }
}

/// How much step output the page may still show.
struct HTMLOutputBudget {
    var remaining: Int

    /// Whether output of `bytes` may be shown, and if so takes it; a failure's always is.
    mutating func take(_ bytes: Int, always: Bool) -> Bool {
        guard always || bytes <= remaining else { return false }
        remaining = max(0, remaining - bytes)
        return true
    }
}
