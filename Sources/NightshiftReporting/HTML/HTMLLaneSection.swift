import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// One lane of the report: its facts, the timeline, each step (a failed one open, with its
/// output), the tests, the uploads and what the run was given.
struct HTMLLaneSection {
    let result: LaneResult
    let configuration: String?
    let links: HTMLLogLinks
    let limits: HTMLReportLimits
    let number: Int

    func write(to writer: HTMLWriter, budget: inout HTMLOutputBudget) {
        writer.open(.section, classes: [StyleClass("lane")])
        writer.open(.h2)
        writer.element(.span, classes: [StyleClass("badge"), .status(result.status)], result.status.rawValue)
        writer.text(" lane \(writer.clipped(result.lane, limit: limits.valueCharacters))")
        writer.close(.h2)
        writer.newline()
        writeFacts(to: writer)
        if result.status == .notRun {
            writer.element(.p, classes: [StyleClass("meta")], result.message ?? "not run")
        }
        if !result.steps.isEmpty {
            HTMLTimeline(result: result, limits: limits).write(to: writer)
            writeSteps(to: writer, budget: &budget)
        }
        writeTests(to: writer)
        writeUploads(to: writer)
        writeRunSettings(to: writer)
        writer.close(.section)
        writer.newline()
    }

    private func writeFacts(to writer: HTMLWriter) {
        var facts: [(String, String)] = []
        if !result.runID.isEmpty { facts.append(("run", result.runID)) }
        if result.status != .notRun {
            facts.append(("started", UTCTimestamp.iso8601(result.start)))
            facts.append(("duration", DurationFormatting.short(result.duration)))
        }
        if result.attempt > 1 { facts.append(("attempt", "\(result.attempt) (resumed)")) }
        if let xcode = result.xcode { facts.append(("Xcode", "\(xcode.versionName) (\(xcode.build))")) }
        if let signal = result.signal { facts.append(("interrupted by", "signal \(signal)")) }
        let steps = result.steps.filter { if case .step = $0.kind { true } else { false } }
        if !steps.isEmpty {
            let failed = steps.filter(\.status.isFailure).count
            facts.append(("steps", "\(steps.count)" + (failed > 0 ? ", \(failed) failed" : "")))
        }
        writeList(facts, to: writer)
    }

    private func writeSteps(to writer: HTMLWriter, budget: inout HTMLOutputBudget) {
        writer.element(.h3, "Steps")
        for step in result.steps {
            let failed = step.status.isFailure || step.status == .failedIgnored
            writer.open(.details, classes: [StyleClass("step"), .status(step.status)] + (failed ? [.open] : []))
            writer.open(.summary)
            writer.element(.span, classes: [StyleClass("badge"), .status(step.status)], step.status.rawValue)
            writer.element(.span, classes: [StyleClass("name")], writer.clipped(step.name, limit: limits.valueCharacters))
            writer.element(.span, classes: [StyleClass("kind")], step.kind.description)
            writer.element(.span, classes: [StyleClass("time")], HTMLTimeline.ran(step) ? DurationFormatting.short(step.duration) : "")
            writer.close(.summary)
            if let message = step.message {
                writer.element(.p, classes: [StyleClass("message")], writer.clipped(message, limit: limits.valueCharacters * 2))
            }
            if let cache = step.compilationCache {
                writer.element(.p, classes: [StyleClass("meta")], "compilation cache: \(cache.summary)")
            }
            for earlier in step.earlierFailures {
                writer.element(
                    .p, classes: [StyleClass("meta")],
                    "attempt \(earlier.attempt) \(earlier.status.rawValue): \(writer.clipped(earlier.message, limit: limits.valueCharacters))"
                )
            }
            let output = HTMLStepOutput(step: step, links: links)
            let shown = min(step.outputTail.utf8.count, limits.stepOutputBytes)
            if budget.take(shown, always: step.status.isFailure) {
                output.writeTail(to: writer, limit: limits.stepOutputBytes)
            } else if !step.outputTail.isEmpty {
                writer.element(.p, classes: [StyleClass("omitted")], "output not shown: the report shows enough already; see the full log")
            }
            output.writeLogLink(to: writer)
            writer.close(.details)
            writer.newline()
        }
    }

    private func writeTests(to writer: HTMLWriter) {
        let tested = result.steps.compactMap { step in step.tests.map { (step, $0) } }
        guard !tested.isEmpty else { return }
        writer.element(.h3, "Tests")
        for (step, report) in tested { HTMLTestsSection(step: step, report: report, limits: limits).write(to: writer) }
    }

    private func writeUploads(to writer: HTMLWriter) {
        let uploads = result.steps.filter { $0.kind == .step(.upload) }
        guard !uploads.isEmpty else { return }
        writer.element(.h3, "Uploads")
        for step in uploads {
            writer.open(.h4)
            writer.element(.span, classes: [StyleClass("badge"), .status(step.status)], step.status.rawValue)
            writer.text(" " + writer.clipped(step.name, limit: limits.valueCharacters))
            writer.close(.h4)
            writeList(step.details.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, to: writer)
        }
    }

    private func writeRunSettings(to writer: HTMLWriter) {
        guard configuration != nil || !result.options.isEmpty else { return }
        writer.element(.h3, "Configuration and options")
        var settings = configuration.map { [("configuration", $0)] } ?? []
        settings += result.options.map { ($0.name, $0.value) }
        writeList(settings, to: writer)
    }

    private func writeList(_ pairs: [(String, String)], to writer: HTMLWriter) {
        guard !pairs.isEmpty else { return }
        writer.open(.dl, classes: [StyleClass("facts")])
        for (name, value) in pairs {
            writer.element(.dt, writer.clipped(name, limit: 200))
            writer.element(.dd, writer.clipped(value, limit: limits.valueCharacters))
        }
        writer.close(.dl)
        writer.newline()
    }
}
