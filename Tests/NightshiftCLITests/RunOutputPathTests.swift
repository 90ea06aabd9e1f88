import ArgumentParser
import NightshiftApp
import Testing
@testable import nightshift

/// `nightshift run`'s report options refuse a path that names no file before anything runs: an
/// empty one would name the current folder (`--html ""` wrote index.html beside lanes.yml).
@Suite("run's report paths")
struct RunOutputPathTests {
    @Test("an empty --html, --junit or --json is a usage error (exit 2) naming the option, raised while parsing")
    func emptyPath() throws {
        for option in ["--html", "--junit", "--json"] {
            let error = #expect(throws: (any Error).self, "\(option)") { try Nightshift.parseAsRoot(["run", "ci", option, ""]) }
            #expect(error.map { Nightshift.message(for: $0) } == "\(option) needs a path; it was given an empty one")
            // `Nightshift.main` exits with `ExitStatus.usage` for exactly these.
            #expect(error.map { Nightshift.exitCode(for: $0) } == .validationFailure)
        }
        #expect(ExitStatus.usage == 2)
        let valid = try #require(try Nightshift.parseAsRoot(["run", "ci", "--html", "out", "--json", "r.json"]) as? RunCommand)
        #expect(valid.command.pathProblem == nil)
    }

    @Test("a path holding a NUL is refused, shown with the NUL escaped")
    func nul() {
        let command = RunLanes(global: LanesFileOptions(), lanes: ["ci"], junit: "ok.xml", json: "r\0.json")
        #expect(command.pathProblem == "--json: 'r\\0.json' holds a NUL byte, which no path can")
    }
}
