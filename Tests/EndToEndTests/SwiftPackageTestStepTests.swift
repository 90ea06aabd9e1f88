import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// `test: { package: … }` runs the real `swift test` (a real tool on Linux and macOS) on a tiny
/// package with one passing, one failing and one flaky test (it fails until a counter file
/// says it ran before). One package, built once: the suite's tests share it.
@Suite("test: { package: } with the real swift test", .serialized)
struct SwiftPackageTestStepTests {
    /// The package, made once per test process (its build dominates the suite's time).
    static let package: String? = {
        let root = NSTemporaryDirectory() + "nightshift-swiftpm-\(ProcessInfo.processInfo.processIdentifier)"
        let files = [
            "Package.swift": """
            // swift-tools-version: 5.9
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
        "swift test: the flaky test passes on its re-run, the failing one fails twice: exit 1, JUnit with flaky and rerun elements",
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
        #expect(outcome.standardOutput.contains("2 passed, 1 failed, 0 skipped, 1 flaky (passed on retry 1)"))
        #expect(outcome.standardOutput.contains("✘ TinyTests.TinyTests.testFails"))
        #expect(outcome.standardOutput.contains("⚠ TinyTests.TinyTests.testFlaky is flaky"))
        #expect(outcome.standardOutput.contains("--filter '^TinyTests\\.TinyTests/testFails$'"))
        let junit = try String(contentsOfFile: directory + "/reports/tiny.xml", encoding: .utf8)
        #expect(junit.contains(#"tests="3" failures="1""#))
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(junit.contains("<flakyFailure"))
        #expect(junit.contains("<rerunFailure"))
    }
}
