import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// `xcode:` through the binary (issue #39): fake Xcode installs found by their plists in
/// NIGHTSHIFT_XCODE_SEARCH_PATH, `xcrun`/`xcodebuild` shims that dispatch on DEVELOPER_DIR as
/// libxcselect does (FakeTools/xcode-select), and tools in each Xcode that log which one ran.
@Suite("xcode: end to end", .temporaryDirectory)
struct XcodeSelectionLaneTests {
    let directory: String
    let log: String

    init() throws {
        directory = try makeTemporaryDirectory()
        log = directory + "/developer-dir.log"
        let applications = directory + "/Applications"
        let tools = SigningFixtures.fakeTools
        try FakeXcodeApp(
            in: applications, name: "Xcode_26.1.1.app", version: "26.1.1", build: "17B100", runtimes: ["iOS 26.1"], tools: tools)
        try FakeXcodeApp(
            in: applications, name: "Xcode.app", version: "26.2", build: "17C52", runtimes: ["iOS 26.2"], binary: true, tools: tools)
        try FakeXcodeApp(
            in: applications, name: "Xcode-27.0.0-Beta.3.app", version: "27.0", build: "18A5310h", beta: true, tools: tools)
        // A link to an install is the same install, and an app that is no Xcode is none.
        try FileManager.default.createSymbolicLink(
            atPath: applications + "/Xcode_26.2.app", withDestinationPath: applications + "/Xcode.app")
        try FileManager.default.createDirectory(atPath: applications + "/Safari.app/Contents", withIntermediateDirectories: true)
    }

    private var environment: [String: String] {
        [
            "PATH": "\(SigningFixtures.fakeTools)/xcode-select:\(SigningFixtures.fakeTools):/usr/bin:/bin",
            "NIGHTSHIFT_XCODE_SEARCH_PATH": directory + "/Applications", "FAKE_DEVELOPER_DIR_LOG": log,
        ]
    }

    private func write(_ lanes: String) throws {
        try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
    }

    /// (tool, DEVELOPER_DIR it saw, the Xcode it belongs to) for each run of a fake Xcode's tool.
    private var records: [[String]] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    @Test("two lanes at once, each with its own Xcode: every tool each runs is that lane's Xcode's, and the reports say which")
    func parallelLanesEachTheirOwn() async throws {
        try write(
            """
            lanes:
              old:
                xcode: "26.1"
                steps:
                  - sh: |
                      xcodebuild -version && xcrun simctl list runtimes -j | grep -o '"name" : "iOS [0-9.]*"'
              new:
                xcode: "26.2"
                steps:
                  - sh: |
                      xcodebuild -version && xcrun simctl list runtimes -j | grep -o '"name" : "iOS [0-9.]*"'
            """)
        let outcome = try await NightshiftBinary.run(
            ["run", "old", "new", "--parallel", "--json", "run.json"], in: directory, environment: environment)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(lines.contains("[old] Xcode 26.1.1"))
        #expect(lines.contains("[old] Build version 17B100"))
        #expect(lines.contains(#"[old] "name" : "iOS 26.1""#))
        #expect(lines.contains("[new] Xcode 26.2"))
        #expect(lines.contains("[new] Build version 17C52"))
        #expect(lines.contains(#"[new] "name" : "iOS 26.2""#))
        let old = directory + "/Applications/Xcode_26.1.1.app/Contents/Developer"
        let new = directory + "/Applications/Xcode.app/Contents/Developer"
        #expect(records.count == 4)
        for record in records {
            // The tool that ran belongs to the Xcode DEVELOPER_DIR named: nothing crossed over.
            #expect(record.count == 3 && record[1] == record[2] && [old, new].contains(record[1]), "\(record)")
        }
        #expect(Set(records.map { $0[1] }) == [old, new])
        let json = try String(contentsOfFile: directory + "/run.json", encoding: .utf8)
        #expect(json.contains("17B100") && json.contains("17C52") && json.contains(#""path""#))
    }

    @Test("a pin nothing matches: exit 2 before any step, listing the installed Xcodes with versions and builds")
    func missBeforeAnyStep() async throws {
        try write(
            """
            lanes:
              build:
                xcode: "26.3"
                steps:
                  - sh: xcodebuild -version
            """)
        let outcome = try await NightshiftBinary.run(["run", "build"], in: directory, environment: environment)
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.contains("lanes.yml:3:12: error: xcode '26.3': no installed Xcode is 26.3"))
        #expect(outcome.standardError.contains("Xcode 26.2 (17C52) at \(directory)/Applications/Xcode.app"))
        #expect(outcome.standardError.contains("Xcode 26.1.1 (17B100) at \(directory)/Applications/Xcode_26.1.1.app"))
        #expect(outcome.standardError.contains("Xcode 27.0 beta 3 (18A5310h)"))
        #expect(!outcome.standardError.contains("Xcode_26.2.app"))
        #expect(!outcome.standardError.contains("Safari"))
        #expect(records.isEmpty)
    }

    @Test(
        ".xcode-version beside lanes.yml, and a test destination whose runtime that Xcode lacks: named with its install command, before anything runs"
    )
    func missingRuntimeBeforeAnyStep() async throws {
        try "26.1.1\n".write(toFile: directory + "/.xcode-version", atomically: true, encoding: .utf8)
        try write(
            """
            project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
            lanes:
              nightly:
                steps:
                  - sh: touch ran
                  - test: { destination: { device: iPhone 17, os: "26.2" } }
            """)
        let outcome = try await NightshiftBinary.run(["run", "nightly"], in: directory, environment: environment)
        #expect(outcome.exitCode == 1)
        let text = outcome.standardOutput + outcome.standardError
        #expect(text.contains("no iOS 26.2 simulator runtime is installed for the selected Xcode (it has iOS 26.1)"))
        #expect(
            text.contains(
                "install it with: DEVELOPER_DIR=\(directory)/Applications/Xcode_26.1.1.app/Contents/Developer xcodebuild -downloadPlatform iOS -buildVersion 26.2"
            ))
        #expect(!FileManager.default.fileExists(atPath: directory + "/ran"))
        #expect(records.map { $0[0] } == ["xcrun"])
    }

    @Test("install_runtime: the missing runtime is downloaded for the lane's Xcode before the first step, then listed again")
    func installsMissingRuntime() async throws {
        try write(
            """
            project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
            lanes:
              nightly:
                xcode: 26.1.1
                steps:
                  - sh: touch ran
                  - test: { destination: { device: iPhone 17, os: "26.2" }, install_runtime: true }
            """)
        let outcome = try await NightshiftBinary.run(["run", "nightly"], in: directory, environment: environment)
        let text = outcome.standardOutput + outcome.standardError
        #expect(text.contains("installing the iOS 26.2 simulator runtime for Xcode 26.1.1 (17B100)"))
        #expect(text.contains("Downloading iOS 26.2 Simulator (23B80): 50.0% (4.2 GB of 8.4 GB)"))
        // The step itself ran (it fails later, on the fake project), so the runtime was there.
        #expect(FileManager.default.fileExists(atPath: directory + "/ran"))
        let developer = directory + "/Applications/Xcode_26.1.1.app/Contents/Developer"
        let runtimes = try String(contentsOfFile: developer + "/fake-runtimes.json", encoding: .utf8)
        #expect(runtimes.contains(#""name" : "iOS 26.2""#))
        // List, list under the lock, download, list again: all with the lane's Xcode.
        #expect(records.prefix(4).map { $0[0] } == ["xcrun", "xcrun", "xcodebuild", "xcrun"])
        #expect(records.allSatisfy { $0[1] == developer })
    }
}
