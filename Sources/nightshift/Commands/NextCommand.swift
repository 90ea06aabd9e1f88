import ArgumentParser
import Foundation
import NightshiftScheduling
import NightshiftSystem

struct NextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next", abstract: "Show each scheduled lane's spec and its next firing times.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Lanes to show (default: every scheduled lane).")
    var lanes: [String] = []

    @Option(help: "How many firings to show per lane.")
    var count = 5

    @Option(help: ArgumentHelp("Start here instead of now.", valueName: "ISO8601"))
    var from: String?

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
    }

    func run() async throws {
        let root = CompositionRoot(global: global)
        let file = try root.loadLanesFile()
        let problems = LanePreview.problems(naming: lanes, in: file)
        guard problems.isEmpty else {
            root.output.err(problems.map { "error: \($0)\n" }.joined())
            throw ExitCode(ExitStatus.usage)
        }
        let start: Date
        do {
            start = try TimeArgument.instant(from, in: root.systemTimeZone, fallback: root.clock.now)
        } catch {
            throw root.usageError(error)
        }
        let lines = LanePreview.lines(for: try root.scheduledLanes(in: file), names: lanes, from: start, count: count)
        root.output.out(lines.joined(separator: "\n") + "\n")
    }
}
