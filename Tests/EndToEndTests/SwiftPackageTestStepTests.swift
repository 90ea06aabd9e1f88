import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// `test: { package: … }` runs the real `swift test` (a real tool on Linux and macOS) on a tiny
/// package with XCTest's passing, failing and flaky tests (a flaky one fails until a counter file
/// says it ran before), and Swift Testing's: a flaky one named with a raw identifier holding `/`
/// in a suite, a passing one, and one that fails, then is skipped on its re-run (its trait
/// disables it once the counter file is there). One package, built once: the suite's tests
/// share it.
@Suite("test: { package: } with the real swift test", .serialized)
struct SwiftPackageTestStepTests {
    /// The package, made once per test process (its build dominates the suite's time).
    static let package: String? = {
        let root = NSTemporaryDirectory() + "nightshift-swiftpm-\(ProcessInfo.processInfo.processIdentifier)"
        let files = [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Tiny", targets: [.target(name: "Tiny"), .testTarget(name: "TinyTests", dependencies: ["Tiny"])])
            """,
            "Sources/Tiny/Tiny.swift": "public func two() -> Int { 2 }\n",
            "Tests/TinyTests/TinyTests.swift": """
            import Foundation
            import Tiny
            import XCTest

            final class TinyTests: XCTestCase {
                func testPasses() { XCTAssertEqual(two(), 2) }
                func testFails() { XCTAssertEqual(two(), 3, "two is not three") }
                /// Fails on its first run, passes once the counter file is there.
                func testFlaky() throws {
                    let counter = try XCTUnwrap(ProcessInfo.processInfo.environment["TINY_COUNTER"])
                    if FileManager.default.fileExists(atPath: counter) { return }
                    FileManager.default.createFile(atPath: counter, contents: Data())
                    XCTFail("first run")
                }
            }
            """,
            "Tests/TinyTests/Halves.swift": """
            import Foundation
            import Testing
            import Tiny

            /// The counter file of this test process's run: absent on the first run.
            func counter(_ name: String) -> String { (ProcessInfo.processInfo.environment["TINY_COUNTER"] ?? "/nonexistent") + "-" + name }

            @Suite struct Halves {
                /// Fails on its first run, passes once the counter file is there.
                @Test func `half of 1/2`() {
                    if FileManager.default.fileExists(atPath: counter("half")) { return }
                    FileManager.default.createFile(atPath: counter("half"), contents: Data())
                    Issue.record("first run")
                }

                @Test func steady() { #expect(two() == 2) }

                /// Fails on its first run; disabled, so skipped, once the counter file is there.
                @Test(.enabled(if: !FileManager.default.fileExists(atPath: counter("network")))) func network() {
                    FileManager.default.createFile(atPath: counter("network"), contents: Data())
                    Issue.record("no network")
                }
            }
            """,
        ]
        do {
            for (path, text) in files {
                let full = "\(root)/\(path)"
                try FileManager.default.createDirectory(
                    atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: full, atomically: true, encoding: .utf8)
            }
            return root
        } catch {
            return nil
        }
    }()

    static var swift: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(
        "swift test: XCTest's and Swift Testing's failures re-run exactly; flaky ones pass, one skipped on its re-run stays failed",
        .enabled(if: swift != nil))
    func flakyAndFailing() async throws {
        let package = try #require(Self.package)
        let swift = try #require(Self.swift)
        let directory = NSTemporaryDirectory() + "nightshift-swiftpm-run-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            // The one test of the suite that builds it: nothing else needs it afterwards.
            try? FileManager.default.removeItem(atPath: package)
        }
        try """
        lanes:
          check:
            steps:
              - test: { package: "\(package)", retries: 1, junit: reports/tiny.xml }
        """.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let counter = directory + "/counter"
        let outcome = try await NightshiftBinary.run(
            ["run", "check"], in: directory,
            environment: [
                "PATH": "\((swift as NSString).deletingLastPathComponent):/usr/bin:/bin", "TINY_COUNTER": counter,
                // SwiftPM keeps its caches under HOME: the real one, so the build is not cold every run.
                "HOME": ProcessInfo.processInfo.environment["HOME"] ?? directory,
            ])
        #expect(outcome.exitCode == 1, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("4 passed, 2 failed, 0 skipped, 2 flaky (passed on retry 1)"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("✘ TinyTests.testFails"))
        #expect(outcome.standardOutput.contains("✘ Halves.network()"))
        #expect(outcome.standardOutput.contains("⚠ TinyTests.testFlaky is flaky"))
        #expect(outcome.standardOutput.contains("⚠ Halves.`half of 1/2`() is flaky"))
        // Each library's failures by the identifier its --filter matches: Swift Testing's with
        // the source location it ends in.
        #expect(outcome.standardOutput.contains("--filter '^TinyTests\\.TinyTests/testFails$'"))
        #expect(outcome.standardOutput.contains("--filter '^TinyTests\\.Halves/`half of 1/2`\\(\\)/[^/]+:[0-9]+:[0-9]+$'"))
        let junit = try String(contentsOfFile: directory + "/reports/tiny.xml", encoding: .utf8)
        #expect(junit.contains(#"tests="6" failures="2""#))
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 6)
        #expect(junit.contains(#"classname="TinyTests.Halves""#))
        #expect(junit.contains(#"name="`half of 1/2`()""#))
        #expect(junit.components(separatedBy: "<flakyFailure").count - 1 == 2)
        #expect(junit.contains("<rerunFailure"))
        #expect(junit.contains("it never passed"))
        // XCTest's assertion text, which SwiftPM's xUnit file on Linux leaves out, read from its output.
        #expect(junit.contains("XCTAssertEqual failed: "), "\(junit)")
        #expect(junit.contains("two is not three"), "\(junit)")
        #expect(junit.contains("TinyTests.swift:7"), "\(junit)")
    }
}
