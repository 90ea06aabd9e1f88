import NightshiftCore
import NightshiftEngine

/// Near the top of the page, before the lanes: every failed test of the run with its reason, then
/// every skipped one with its own, so the answer to "which tests, and why" needs no scrolling
/// through lanes and steps. Each list is bounded by `testsListed`; the step's table and JUnit
/// file hold the rest.
struct HTMLTestOutcomesSection {
    let results: [LaneResult]
    let limits: HTMLReportLimits

    private struct Listed {
        var test: TestCaseRecord
        var place: String
    }

    func write(to writer: HTMLWriter) {
        // Each list keeps what it shows and counts the rest: a run's records are never all held.
        var failed = FirstListed<Listed>(limit: limits.testsListed)
        var skipped = FirstListed<Listed>(limit: limits.testsListed)
        for result in results {
            for step in result.steps {
                guard let report = step.tests else { continue }
                let place = "lane \(result.lane) · \(step.name)"
                for test in report.tests {
                    switch test.outcome {
                    case .failed: failed.add(Listed(test: test, place: place))
                    case .skipped: skipped.add(Listed(test: test, place: place))
                    case .passed, .expectedFailure: break
                    }
                }
            }
        }
        guard failed.count > 0 || skipped.count > 0 else { return }
        writer.open(.section, classes: [StyleClass("test-outcomes")])
        list(failed, title: "failed", style: StyleClass("failed-tests"), none: "no reason given", to: writer)
        list(skipped, title: "skipped", style: StyleClass("skipped-tests"), none: "no reason given", to: writer)
        writer.close(.section)
        writer.newline()
    }

    private func list(_ tests: FirstListed<Listed>, title: String, style: StyleClass, none: String, to writer: HTMLWriter) {
        guard tests.count > 0 else { return }
        writer.element(.h2, "\(tests.count) test\(tests.count == 1 ? "" : "s") \(title)")
        writer.open(.ul, classes: [style])
        for listed in tests.kept {
            let test = listed.test
            writer.open(.li)
            let name = test.variant.map { "\(test.identifier) [\($0)]" } ?? test.identifier
            writer.element(.span, classes: [StyleClass("name")], writer.clipped(name, limit: 500))
            writer.element(.span, classes: [StyleClass("meta")], " · " + writer.clipped(listed.place, limit: 300))
            writer.element(.p, classes: [StyleClass("reason")], writer.clipped(test.reason ?? none, limit: limits.valueCharacters))
            writer.close(.li)
            writer.newline()
        }
        writer.close(.ul)
        if tests.count > limits.testsListed {
            writer.element(.p, classes: [StyleClass("omitted")], "… and \(tests.count - limits.testsListed) more, in their steps below")
        }
    }
}
