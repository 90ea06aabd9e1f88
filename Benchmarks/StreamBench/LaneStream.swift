import NightshiftCore
import Foundation
import NightshiftEngine
import NightshiftLanes
import NightshiftRunnerBuilder
import NightshiftSystem

/// A lane of `sh:` steps run the way `nightshift run` runs it: the real runner, the step
/// recorder (masking, each step's log file under a temporary run folder, the tail), and the
/// console reporter writing to stdout (plain, as under Jenkins).
struct LaneStream {
    let scripts: [String]
    let secrets: [String]
    let environment: EnvironmentVariables
    /// Keep the run journal, as every real `nightshift run` does (`--steps N --journal`).
    var journal = false

    func run() async throws -> LaneResult {
        let folder = NSTemporaryDirectory() + "nightshift-lane-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = secrets.indices.map { "BENCH_SECRET_\($0)" }
        let steps = scripts.map { "      - sh: '\($0.replacingOccurrences(of: "'", with: "''"))'\n" }.joined()
        let yaml = """
            project: { name: Bench }
            secrets: [\(names.joined(separator: ", "))]
            lanes:
              stream:
                steps:

            """ + steps
        let file = try LanesFileLoader().parse(text: yaml, path: "lanes.yml")
        try DirectoryCreation.create(folder)
        try yaml.write(toFile: folder + "/lanes.yml", atomically: true, encoding: .utf8)
        var variables = environment.values
        for (name, secret) in zip(names, secrets) { variables[name] = secret }
        let environment = EnvironmentVariables(variables)
        let output = TerminalOutputSink(standardOutput: STDOUT_FILENO, standardError: STDERR_FILENO, isInteractive: false)
        let clock = SystemClock()
        let shell = ProcessShellRunner(environment: environment)
        let lanesFile = try AbsolutePath(validating: folder + "/lanes.yml")
        var builder = LaneRunnerBuilder(
            file: file, shell: shell, clock: clock, environment: environment, output: output,
            options: RunOptions(
                stateDirectory: folder, runID: "bench", journal: journal ? JournalRequest(lanesFilePath: lanesFile) : nil))
        builder.timestamps = true
        return try await builder.build().run("stream")
    }
}
