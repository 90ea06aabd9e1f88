import Foundation
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

@Suite(
    "nightshift run talking to App Store Connect, end to end: uploads to TestFlight, and App Store releases killed at every write",
    .temporaryDirectory)
struct AppStoreConnectLaneTests {
    /// A project with a real .ipa (zipped by `zip`, read back by the binary with `unzip`) whose
    /// app binary is `appSize` bytes; `lanes(endpoint:)` adds a `beta` lane uploading it.
    struct Project {
        let directory: String
        let ipa: String

        init(appSize: Int) async throws {
            directory = try makeTemporaryDirectory()
            let app = directory + "/build/Payload/Nightshift.app"
            try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
            let info: [String: Any] = [
                "CFBundleIdentifier": FakeAppStoreConnect.bundleID, "CFBundleShortVersionString": "1.4.0", "CFBundleVersion": "812",
            ]
            try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0)
                .write(to: URL(fileURLWithPath: app + "/Info.plist"))
            // A 64 KiB block of varied bytes, repeated: quick to make even at 200 MB.
            let block = Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
            var binary = Data(capacity: appSize)
            while binary.count < appSize { binary.append(block.prefix(appSize - binary.count)) }
            try binary.write(to: URL(fileURLWithPath: app + "/Nightshift"))
            // Stored, not deflated: the parts then cover the app binary's bytes as written.
            let zip = try await ProcessShellRunner(environment: ["PATH": "/usr/bin:/bin"], gracePeriod: .seconds(5)).run(
                ShellCommand("zip", ["-q", "-0", "-r", "App.ipa", "Payload"], workingDirectory: directory + "/build")
            ) { _, _ in }
            guard zip.succeeded else { throw CocoaError(.fileWriteUnknown) }
            ipa = directory + "/build/App.ipa"
        }

        func lanes(endpoint: String) throws {
            let lanes = """
                project: { name: Demo }
                lanes:
                  beta:
                    steps:
                      - upload: { to: testflight, file: build/App.ipa, endpoint: "\(endpoint)", groups: [QA], notes: "Try the new lanes" }
                """
            try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        }

        /// A `beta` lane whose first step leaves nightshift's pid in `nightshift.pid`, then uploads.
        func pidThenUploadLane(endpoint: String, settings: String = "") throws {
            let lanes = """
                project: { name: Demo }
                lanes:
                  beta:
                    steps:
                      - sh: echo $PPID > nightshift.pid
                      - upload: { to: testflight, file: build/App.ipa, endpoint: "\(endpoint)"\(settings) }
                """
            try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }

    static func environment(_ fake: FakeAppStoreConnect) -> [String: String] {
        [
            "APP_STORE_CONNECT_API_KEY_KEY_ID": FakeAppStoreConnect.keyID,
            "APP_STORE_CONNECT_API_KEY_ISSUER_ID": FakeAppStoreConnect.issuerID, "APP_STORE_CONNECT_API_KEY_KEY": fake.pem,
        ]
    }

    /// A fake that finishes processing at once: the binary polls on the real clock.
    static func script(partSize: Int) -> FakeAppStoreConnect.Script {
        var script = FakeAppStoreConnect.Script()
        script.partSize = partSize
        script.uploadPollsBeforeDone = 0
        script.processingStates = ["VALID"]
        script.failingParts = [2: 1]
        return script
    }

    @Test(
        "a 6 MB .ipa in 1 MB parts: every part arrives whole and in range, the result says what Apple confirmed, the JSON report has the build"
    )
    func uploadsThroughAPI() async throws {
        let project = try await Project(appSize: 6_000_000)
        defer { project.remove() }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: project.ipa))
        let fake = try await FakeAppStoreConnect(file: bytes, clock: SystemClock(), script: Self.script(partSize: 1 << 20))
        try project.lanes(endpoint: fake.endpoint)
        let outcome = try await NightshiftBinary.run(
            ["run", "beta", "--json", "report.json"], in: project.directory, environment: Self.environment(fake))
        await fake.stop()
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(fake.problems == [])
        let count = (bytes.count + (1 << 20) - 1) / (1 << 20)
        #expect(fake.parts == Dictionary(uniqueKeysWithValues: (1...count).map { ($0, 1) }))
        #expect(
            outcome.standardOutput.contains(
                "verified: build 1.4.0 (812) VALID in App Store Connect, in groups QA (size \(bytes.count) bytes"))
        #expect(outcome.standardOutput.contains("build b0ild-812 added to beta group QA"))
        for secret in Array(fake.tokens) + [FakeAppStoreConnect.keyID, FakeAppStoreConnect.issuerID, "s3cr3tsignature"] {
            #expect(!outcome.standardOutput.contains(secret) && !outcome.standardError.contains(secret), "\(secret) leaked")
        }
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: project.directory + "/report.json")))
        let step = ((report as? [String: Any])?["lanes"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]]
        #expect(
            step?.first?["details"] as? [String: String] == [
                "build_id": "b0ild-812", "processing_state": "VALID", "build_upload_id": FakeAppStoreConnect.uploadID,
            ])
    }

    @Test("a 200 MB .ipa: every part arrives once and whole, and nightshift's resident size stays flat while it streams")
    func largeIPA() async throws {
        let project = try await Project(appSize: 200_000_000)
        defer { project.remove() }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: project.ipa), options: .alwaysMapped)
        let fake = try await FakeAppStoreConnect(file: bytes, clock: SystemClock(), script: Self.script(partSize: 1 << 20))
        try project.pidThenUploadLane(endpoint: fake.endpoint)
        async let outcome = NightshiftBinary.run(["run", "beta"], in: project.directory, environment: Self.environment(fake))
        let pid = try await SignalTests.waitForPID(in: project.directory + "/nightshift.pid")
        var peakKilobytes = 0
        // Sampled while the real process runs, at its pace: real time.
        await waitUntil("nightshift ends", timeout: .seconds(600), checkingEvery: .milliseconds(20)) {
            peakKilobytes = max(peakKilobytes, Self.peakResidentKilobytes(of: pid) ?? 0)
            return !SignalTests.isAlive(pid)
        }
        let result = try await outcome
        await fake.stop()
        #expect(result.exitCode == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(fake.problems == [])
        let count = (bytes.count + (1 << 20) - 1) / (1 << 20)
        #expect(fake.parts == Dictionary(uniqueKeysWithValues: (1...count).map { ($0, 1) }))
        #if os(Linux)
        // The file is 200 MB; streamed, nightshift holds a few parts at a time.
        #expect(peakKilobytes > 0 && peakKilobytes < 100_000, "peak resident size \(peakKilobytes) KiB")
        #endif
    }

    /// How many finished parts the run's reservation file (`testflight-upload.json`) records.
    static func recordedParts(in directory: String) -> Int {
        let runs = directory + "/.nightshift/runs/beta"
        for run in (try? FileManager.default.contentsOfDirectory(atPath: runs)) ?? [] {
            let path = "\(runs)/\(run)/testflight-upload.json"
            guard let data = FileManager.default.contents(atPath: path),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let parts = object["finishedParts"] as? [Any]
            else { continue }
            return parts.count
        }
        return 0
    }

    /// The process's peak resident size from procfs (`VmHWM`). macOS has no procfs, and another
    /// process's peak is not readable there without its task port: the check is Linux's, and
    /// `scripts/bench-upload` measures the same on both.
    static func peakResidentKilobytes(of pid: pid_t) -> Int? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        #else
        return nil
        #endif
    }

    @Test("a run killed mid-upload leaves its reservation; the next run of the lane sends only the part Apple is missing")
    func killedRunContinues() async throws {
        let project = try await Project(appSize: 6_000_000)
        defer { project.remove() }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: project.ipa))
        var script = Self.script(partSize: 1 << 20)
        script.failingParts = [4: 1_000_000]
        let fake = try await FakeAppStoreConnect(file: bytes, clock: SystemClock(), script: script)
        try project.pidThenUploadLane(endpoint: fake.endpoint, settings: ", attempts: 100, backoff: 5s")
        async let first = NightshiftBinary.run(["run", "beta"], in: project.directory, environment: Self.environment(fake))
        let pid = try await SignalTests.waitForPID(in: project.directory + "/nightshift.pid")
        // Every part but the 4th, which keeps failing, has arrived and nightshift has written
        // them down (a part Apple took but the run had not yet recorded is sent again, by
        // design): then the run is killed.
        // A real process's pace: real time.
        await waitUntil("nightshift records 5 parts", checkingEvery: .milliseconds(50)) { Self.recordedParts(in: project.directory) >= 5 }
        #expect(fake.parts.count == 5)
        #expect(Self.recordedParts(in: project.directory) == 5)
        kill(pid, SIGKILL)
        #expect(try await first.exitCode != 0)
        fake.stopFailing(part: 4)

        let second = try await NightshiftBinary.run(["run", "beta"], in: project.directory, environment: Self.environment(fake))
        await fake.stop()
        let shown = second.standardOutput + second.standardError
        #expect(second.exitCode == 0, "\(shown)")
        #expect(shown.contains("continuing build upload \(FakeAppStoreConnect.uploadID) reserved by run"))
        #expect(shown.contains("5 of 6 parts already sent"))
        // The parts the killed run had sent are never sent again. Part 4 arrived once or twice:
        // a retry the killed run had put on the wire can still be read and answered by the fake
        // after the kill and stopFailing (as Apple would take it), before the second run sends it.
        #expect(fake.parts.filter { $0.key != 4 } == Dictionary(uniqueKeysWithValues: [1, 2, 3, 5, 6].map { ($0, 1) }), "resent a part")
        #expect((1...2).contains(fake.parts[4] ?? 0), "part 4 arrived \(fake.parts[4] ?? 0) times")
        #expect(fake.apiCalls.filter { $0 == "POST /v1/buildUploads" }.count == 1, "one reservation for both runs")
        #expect(fake.problems == [])
    }

    @Test("--dry-run makes no request at all and prints the requests, with the .ipa's version and build read from it, the key masked")
    func dryRunMakesNoRequest() async throws {
        let project = try await Project(appSize: 1000)
        defer { project.remove() }
        let fake = try await FakeAppStoreConnect(file: Data(), clock: SystemClock())
        try project.lanes(endpoint: fake.endpoint)
        let outcome = try await NightshiftBinary.run(
            ["run", "beta", "--dry-run"], in: project.directory, environment: Self.environment(fake))
        await fake.stop()
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(fake.apiCalls.isEmpty && fake.parts.isEmpty)
        #expect(outcome.standardOutput.contains("would upload build/App.ipa to App Store Connect through its API at \(fake.endpoint)"))
        #expect(outcome.standardOutput.contains("POST /v1/betaGroups/<QA>/relationships/builds"))
        #expect(outcome.standardOutput.contains("from App.ipa (unzip): 1.4.0 (812), \(FakeAppStoreConnect.bundleID)"))
        #expect(outcome.standardOutput.contains("GET /v1/apps?filter[bundleId]=\(FakeAppStoreConnect.bundleID)"))
        #expect(outcome.standardOutput.contains("POST /v1/buildUploads (version 1.4.0, build 812)"))
        #expect(!outcome.standardOutput.contains("BEGIN PRIVATE KEY"))
        // The key id names the key it would sign in with: shown (it grants nothing).
        #expect(outcome.standardOutput.contains("signed in with key \(FakeAppStoreConnect.keyID) (ES256 token)"))
    }

    /// A `release` lane whose first step leaves nightshift's pid in `nightshift.pid`, then takes
    /// build 412 to review with What's New in two locales, export compliance and a phased release.
    static let releaseLanes = """
        project: { name: Demo, destination: "generic/platform=iOS" }
        configurations:
          production: { certificate: distribution, provisioning_profile: Demo AppStore, build_configuration: Release,
                        app_identifier: com.example.app, export_method: app-store }
        lanes:
          release:
            configuration: production
            steps:
              - sh: echo $PPID > nightshift.pid
              - release:
                  build: "412"
                  whats_new: { en-US: "Faster sync.", de-DE: "Schnellere Synchronisierung." }
                  encryption: false
                  release_type: after_approval
                  phased: true
        """

    /// The iOS 3.2.0 versions, submissions, their items and phased releases the fake holds.
    static func counts(_ state: FakeAppStoreReleaseState) -> [Int] {
        [
            state.versions.filter { $0.platform == "IOS" && $0.versionString == "3.2.0" }.count, state.submissions.count, state.items.count,
            state.phased.count,
        ]
    }

    @Test(
        "SIGKILL right after each write App Store Connect takes, then --resume (or the lane run again): one version, submission, item and phased release",
        arguments: [true, false])
    func releaseKilledAfterEveryWrite(resume: Bool) async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.releaseLanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let server = try await FakeAppStoreReleaseServer()
        let environment = server.keyEnvironment.merging(["APP_STORE_CONNECT_ENDPOINT": server.endpoint]) { $1 }
        // Each run is killed right after its first write: the next run must go on from there.
        var killed: [String] = []
        var finished: NightshiftBinary.Outcome?
        while finished == nil, killed.count <= 12 {
            server.holdNextWrite()
            try? FileManager.default.removeItem(atPath: directory + "/nightshift.pid")
            let arguments = ["run", "release"] + (resume && !killed.isEmpty ? ["--resume"] : [])
            async let outcome = NightshiftBinary.run(arguments, in: directory, environment: environment)
            let pid = try await SignalTests.waitForPID(in: directory + "/nightshift.pid")
            // A real process's pace: real time, until the fake holds a write or the run ends without one.
            await waitUntil("App Store Connect holds a write, or nightshift ends", checkingEvery: .milliseconds(10)) {
                server.heldWrite != nil || !SignalTests.isAlive(pid)
            }
            if let write = server.heldWrite {
                kill(pid, SIGKILL)
                let result = try await outcome
                #expect(result.exitCode != 0)
                killed.append(write)
                server.letGo()
                #expect(Self.counts(server.fake.current).allSatisfy { $0 <= 1 }, "after \(write): \(Self.counts(server.fake.current))")
            } else {
                finished = try await outcome
            }
        }
        await server.stop()
        let last = try #require(finished)
        #expect(last.exitCode == 0, "\(last.standardOutput)\(last.standardError)")
        #expect(last.standardOutput.contains("with build 412 is already waiting for review"))
        #expect(
            killed == [
                "PATCH v1/builds/build-412", "POST v1/appStoreVersions", "PATCH v1/appStoreVersionLocalizations/loc-1003",
                "PATCH v1/appStoreVersionLocalizations/loc-1002", "POST v1/appStoreVersionPhasedReleases", "POST v1/reviewSubmissions",
                "POST v1/reviewSubmissionItems", "PATCH v1/reviewSubmissions/sub-1005",
            ], "each write once, each run going on from the last")
        let state = server.fake.current
        #expect(Self.counts(state) == [1, 1, 1, 1])
        #expect(state.versions.first { $0.versionString == "3.2.0" && $0.platform == "IOS" }?.state == "WAITING_FOR_REVIEW")
        #expect(state.submissions.first?.state == "WAITING_FOR_REVIEW")
        #expect(server.fake.unexpected.isEmpty && server.problems.isEmpty)
    }
}
