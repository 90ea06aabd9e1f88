import Foundation
import NightshiftTestSupport
import Testing

/// The built binary, in its own folder: `--file` spelled two ways names one lanes file, so
/// `--resume` finds the run the other spelling started (#27). The in-process test is
/// `ResumeTests`; this one reads the folder the process itself is in, as a user's shell does.
@Suite("--resume with --file spelled another way, end to end", .temporaryDirectory)
struct ResumeSpellingTests {
    @Test("run --file ./lanes.yml fails; run --resume --file lanes.yml resumes that run")
    func resumeAcrossSpellings() async throws {
        let directory = try TemporaryDirectory.make("spelling")
        let lanes = """
            lanes:
              demo:
                steps:
                  - sh: echo first
                    name: First
                  - sh: test -f ready
                    name: Check
            """
        try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let failed = try await NightshiftBinary.run(["run", "demo", "--file", "./lanes.yml"], in: directory)
        #expect(failed.exitCode == 1, "\(failed.standardError)")
        try "".write(toFile: directory + "/ready", atomically: true, encoding: .utf8)
        let resumed = try await NightshiftBinary.run(["run", "demo", "--resume", "--file", "lanes.yml"], in: directory)
        let shown = resumed.standardOutput + resumed.standardError
        #expect(resumed.exitCode == 0, "\(shown)")
        #expect(shown.contains("of lane 'demo' (attempt 2, last failed): the newest failed or interrupted run of lanes.yml"), "\(shown)")
        #expect(shown.contains("Check re-runs: it failed last time"), "\(shown)")
    }
}
