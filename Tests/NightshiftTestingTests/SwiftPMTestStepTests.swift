import Foundation
import NightshiftSystem
import NightshiftTesting
import Testing

@Suite("swift test's command lines and coverage")
struct SwiftPMTestStepTests {
    @Test("re-run filters match one test exactly: every regex character escaped, anchored")
    func filters() {
        #expect(SwiftPMTestCommands.exactFilter("TinyTests.TinyTests/testFails", library: .xctest) == #"^TinyTests\.TinyTests/testFails$"#)
        #expect(SwiftPMTestCommands.exactFilter("M.S/f(x:)", library: .xctest) == #"^M\.S/f\(x:\)$"#)
        #expect(
            SwiftPMTestCommands.exactFilter(#"a*b+c?[d]{e}|^$\"#, library: .xctest) == #"^a\*b\+c\?\[d\]\{e\}\|\^\$\\$"#)
        #expect(SwiftPMTestCommands.prefixFilter("M.Suite") == #"^M\.Suite([./]|$)"#)
        let filter = try! Regex(SwiftPMTestCommands.prefixFilter("M.Suite"))
        #expect("M.Suite/test".contains(filter))
        #expect(!"M.SuiteTwo/test".contains(filter))
    }

    /// The ids Swift Testing's `--filter` matches, as swift test 6.3.1 has them (tried here with
    /// the real toolchain): the identifier `swift test list` prints, then the source location.
    @Test(
        "a Swift Testing re-run filter matches its test's id exactly: not its suite, not a sibling, not a longer name",
        arguments: [
            ("M.Suite/test()", "M.Suite/test()/File.swift:4:2"), ("M.Outer/Nested/deep()", "M.Outer/Nested/deep()/A.swift:14:6"),
            ("M.free()", "M.free()/F.swift:6:2"), ("M.Suite/`half of 1/2`()", "M.Suite/`half of 1/2`()/Halves.swift:12:4"),
            ("M.`A.B Suite`/t()", "M.`A.B Suite`/t()/S.swift:1:1"), ("M.Suite/f(x:)", "M.Suite/f(x:)/P.swift:3:4"),
        ])
    func swiftTestingFilter(identifier: String, id: String) throws {
        let filter = try Regex(SwiftPMTestCommands.exactFilter(identifier, library: .swiftTesting))
        #expect(id.contains(filter))
        let suite = String(identifier[..<(identifier.lastIndex(of: "/") ?? identifier.startIndex)])
        for other in [suite, identifier, id + "x", "X" + id, id.replacingOccurrences(of: "(", with: "2(")] {
            #expect(!other.contains(filter), "\(other)")
        }
    }

    @Test("the test command: --parallel for XCTest's xUnit file, coverage, filters and skips")
    func command() {
        let commands = SwiftPMTestCommands(swift: "swift", packagePath: "/p", coverage: true)
        #expect(
            commands.test(xunit: "/x.xml", filters: ["^a$"], skips: ["^b"]).argv == [
                "swift", "test", "--package-path", "/p", "--parallel", "--xunit-output", "/x.xml", "--enable-code-coverage",
                "--filter", "^a$", "--skip", "^b",
            ])
    }

    @Test("llvm-cov's export: the package's own sources by target, .build and Tests left out")
    func llvmCoverage() throws {
        let json = """
            {"type": "llvm.coverage.json.export", "version": "2.0.1", "data": [{"files": [
              {"filename": "/p/Sources/Tiny/Tiny.swift", "summary": {"lines": {"count": 10, "covered": 7, "percent": 70}}},
              {"filename": "/p/Sources/Tiny/More.swift", "summary": {"lines": {"count": 10, "covered": 1, "percent": 10}}},
              {"filename": "/p/Tests/TinyTests/TinyTests.swift", "summary": {"lines": {"count": 30, "covered": 30, "percent": 100}}},
              {"filename": "/p/.build/checkouts/dep/Dep.swift", "summary": {"lines": {"count": 99, "covered": 0, "percent": 0}}}
            ], "totals": {}}]}
            """
        let report = try LLVMCovExportReader().read(Data(json.utf8), sourceRoot: "/p")
        #expect(report.executableLines == 20)
        #expect(report.coveredLines == 8)
        #expect(report.targets.map(\.name) == ["Tiny"])
        #expect(report.leastCovered(1).first?.path == "/p/Sources/Tiny/More.swift")
        #expect(throws: TestResultsError.self) { try LLVMCovExportReader().read(Data("{}".utf8), sourceRoot: "/p") }
    }

    @Test("xcodebuild's listings: schemes of a workspace or project, test plans; a did-you-mean")
    func projectCheck() {
        #expect(
            XcodeProjectCheck.schemes(in: Data(#"{"project": {"name": "B", "schemes": ["Brewer", "Kit"]}}"#.utf8)) == ["Brewer", "Kit"])
        #expect(XcodeProjectCheck.schemes(in: Data(#"{"workspace": {"schemes": ["Brewer"]}}"#.utf8)) == ["Brewer"])
        #expect(XcodeProjectCheck.schemes(in: Data("not json".utf8)) == nil)
        #expect(
            XcodeProjectCheck.testPlans(in: Data(#"{"testPlans": [{"name": "Nightly"}, {"name": "Smoke"}]}"#.utf8)) == ["Nightly", "Smoke"])
        #expect(
            XcodeProjectCheck.problem("test plan", "Nighly", among: ["Nightly", "Smoke"], in: "scheme 'Brewer'")
                == "scheme 'Brewer' has no test plan 'Nighly'; did you mean 'Nightly'? it has: Nightly, Smoke")
        #expect(XcodeProjectCheck.problem("scheme", "Brewer", among: ["Brewer"], in: "x") == nil)
    }
}
