import Foundation
import Testing

/// Counts that regressed once (#37) and may only go down: each has a budget, the count today. A
/// count above its budget fails (a new call site of what has one owner); a count below it fails
/// too, asking for the budget to be lowered in the same change, so a budget never leaves room for
/// a regression to come back. README's contributor notes say how to lower one.
@Suite("Budgets that only go down")
struct BudgetTests {
    struct Budget: Sendable, CustomTestStringConvertible {
        var name: String
        var limit: Int
        /// Whether a line of a file counts, given the file's path from the package root.
        var counts: @Sendable (_ path: String, _ line: Substring) -> Bool
        var testDescription: String { name }
    }

    static let budgets: [Budget] = [
        // Masking belongs to Core's Secrets/ and the writers that mask all they write; a step
        // or a client masking its own strings is a place a new string will be forgotten.
        // 92 with the one App Store Connect client: its error masks Apple's error documents field
        // by field at the edge (AppleError, 6 lines), where ten call sites in Delivery went. 93
        // with the release step, which masked its own error; 92 again since: the engine masks
        // every step's message as it records it (StepExecution), with the secrets known by then.
        // 87: the upload and notarize steps stopped masking their failures for the same reason.
        Budget(name: "mask( outside Core/Secrets and the masking writers", limit: 87) { path, line in
            path.hasPrefix("Sources/") && !path.hasPrefix("Sources/NightshiftCore/Secrets/")
                && !(path.split(separator: "/").last ?? "").hasPrefix("Masking") && line.contains("mask(")
        },
        // Paths are AbsolutePath values one layer in from where a user gives them.
        // 39: the release step reads What's New folders with NSString paths (to go: AbsolutePath);
        // the test step's folder holds AbsolutePath values (one fewer). 29: RunFolders, BuildPaths
        // and the App's state folder are AbsolutePath values (the runner makes them absolute once),
        // and the TestFlight reservations and the scheduler's logs follow. 18: the file an upload
        // or a notarization sends is an AbsolutePath from the step on (StepContext.path). 14: the
        // Firebase upload and the TestFlight key folder join paths as values. 11: the folder
        // upload's path: is read against the run's folder (it was read against the process's).
        // 10: a Mac package's container path is an AbsolutePath from the step on. 8: What's New
        // files are joined as match entries are.
        Budget(name: "as NSString outside System", limit: 8) { path, line in
            path.hasPrefix("Sources/") && !path.hasPrefix("Sources/NightshiftSystem/") && line.contains("as NSString")
        },
        // Diagnostics go through Diagnostic and DiagnosticPrinter, which write the prefix.
        // 0: notices go out as Diagnostic values (LaneRunner.notice, StepContext.log, the App's
        // CommandContext.tell, SchedulerLog.problem); the signing findings' warnings are Diagnostics.
        Budget(name: "hand-prefixed \"warning: \", \"note: \", \"error: \" strings", limit: 0) { path, line in
            path.hasPrefix("Sources/") && !path.hasPrefix("Sources/NightshiftCore/Diagnostics/")
                && ["\"warning: ", "\"note: ", "\"error: "].contains { line.contains($0) }
        },
        // UTCTimestamp owns the one formatter.
        Budget(name: "ISO8601DateFormatter() outside Core's Dates/", limit: 0) { path, line in
            path.hasPrefix("Sources/") && !path.hasPrefix("Sources/NightshiftCore/Dates/") && line.contains("ISO8601DateFormatter()")
        },
        // The CI engine's variables: read once per command by the App and passed down (RunOptions.ci,
        // StepContext.ci). 1: the composition root's, which chooses the terminal by it and hands it
        // to the App (CommandEnvironment.ci).
        Budget(name: "CIEnvironment( outside the App", limit: 1) { path, line in
            path.hasPrefix("Sources/") && !path.hasPrefix("Sources/NightshiftApp/") && line.contains("CIEnvironment(")
                && !line.contains("struct CIEnvironment")
        },
        // Files read whole through System's WholeFile (regular files only, opened without blocking,
        // bounded), not FileManager's contents(atPath:), which waits for a FIFO's writer past
        // SIGTERM and reads /dev/zero until memory runs out. 4 (stop 47): the lanes file's digest
        // (read once before), App Store status memory, a TestFlight reservation, an archived
        // Info.plist; the upload's key and notes files, What's New files and match entries went.
        Budget(name: "FileManager contents(atPath:) outside System", limit: 4) { path, line in
            path.hasPrefix("Sources/") && !path.hasPrefix("Sources/NightshiftSystem/") && line.contains(".contents(atPath:")
                && !line.contains("files.contents(atPath:")
        },
        // A test waits on an event, never by blocking a thread of the cooperative pool: a
        // synchronous wait for a process (check-jsonschema, the reference generator) held one of
        // the two threads a 2-core machine has, and a loopback server's handler beside it timed
        // out (CI, stop 44). 1: MotoServer's reap right after its SIGKILL.
        Budget(name: "blocking process waits in tests", limit: 1) { path, line in
            path.hasPrefix("Tests/") && path != "Tests/RepositoryTests/BudgetTests.swift"
                && line.contains(".waitUntilExit()")
        },
    ]

    /// Test files (test support aside) that start a loopback server: the socket is the thing
    /// tested in few of them; the others should use a scripted transport. 8 (stop 48): TestFlight's
    /// upload tests went in process. 9: LocalHTTPServerTests, which tests the loopback server
    /// itself against the in-process one.
    static let loopbackServerFiles = 9
    static let loopbackMarkers = [
        "LocalHTTPServer", "FakeAppStoreConnect(", "FakeSigningPortal(", "FakeNotaryService(", "FakeAppStoreReleaseServer(", "MotoServer",
    ]

    /// Library test targets' dependencies on targets above the one they test (directly, or
    /// through the test support they link): each library's tests should stand on its layer.
    static let upwardTestEdges = 1

    /// Each library's layer, lowest first; capabilities share one (one's tests reaching another
    /// is upward too). ARCHITECTURE.md draws the same order.
    static let layers: [String: Int] = [
        "NightshiftSystem": 0, "NightshiftCore": 1, "NightshiftCron": 2, "NightshiftSchema": 2, "NightshiftLanes": 3,
        "NightshiftEngine": 4, "NightshiftExport": 4, "NightshiftServices": 4,
        "NightshiftApple": 5, "NightshiftAppStore": 5, "NightshiftDelivery": 5, "NightshiftReporting": 5, "NightshiftScheduling": 5,
        "NightshiftTesting": 5,
        "NightshiftApp": 6,
    ]

    let root: String
    let files: [(path: String, text: String)]

    init() throws {
        root = try #require(NoTrappingSourceTests.packageRoot())
        var files: [(String, String)] = []
        for folder in ["Sources", "Tests"] {
            for file in try FileManager.default.subpathsOfDirectory(atPath: root + "/" + folder) where file.hasSuffix(".swift") {
                files.append(("\(folder)/\(file)", try String(contentsOfFile: "\(root)/\(folder)/\(file)", encoding: .utf8)))
            }
        }
        self.files = files.sorted { $0.0 < $1.0 }
    }

    @Test("each count is at its budget", arguments: budgets)
    func budget(_ budget: Budget) {
        var found: [String] = []
        for file in files {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where budget.counts(file.path, line) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                found.append("\(file.path):\(number + 1)")
            }
        }
        Self.check(name: budget.name, count: found.count, limit: budget.limit, places: found)
    }

    @Test("test files that start a loopback server are at their budget")
    func loopbackServers() {
        // A fake made with `listening: false` opens no socket (it is answered in process).
        let found = files.filter { file in
            file.path.hasPrefix("Tests/") && !file.path.hasPrefix("Tests/NightshiftTestSupport/")
                && !file.path.hasPrefix("Tests/NightshiftFakeTransport/") && file.path != "Tests/RepositoryTests/BudgetTests.swift"
                && file.text.split(separator: "\n").contains { line in
                    Self.loopbackMarkers.contains { line.contains($0) } && !line.contains("listening: false")
                }
        }.map(\.path)
        Self.check(name: "test files with a loopback server", count: found.count, limit: Self.loopbackServerFiles, places: found)
    }

    @Test("library test targets' dependencies above the library they test are at their budget")
    func upwardTestTargetEdges() throws {
        let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        let targets = Self.declaredDependencies(in: manifest)
        var found: [String] = []
        for (target, dependencies) in targets.sorted(by: { $0.key < $1.key }) where target.hasSuffix("Tests") {
            let tested = String(target.dropLast("Tests".count))
            guard let level = Self.layers[tested] else { continue }
            // Through every test support target (the runner builder, the fakes), however deep.
            var reached = Set(dependencies)
            var supports = dependencies.filter { Self.layers[$0] == nil }
            while let support = supports.popLast() {
                for name in targets[support] ?? [] where reached.insert(name).inserted && Self.layers[name] == nil {
                    supports.append(name)
                }
            }
            for dependency in reached.sorted() where dependency != tested {
                guard let other = Self.layers[dependency] else { continue }
                if other > level || (other == level && level == 5) { found.append("\(target) → \(dependency)") }
            }
        }
        Self.check(name: "upward test-target edges", count: found.count, limit: Self.upwardTestEdges, places: found)
    }

    /// Each target's quoted dependencies as Package.swift spells them (`name: "X", dependencies: [...]`).
    static func declaredDependencies(in manifest: String) -> [String: [String]] {
        var targets: [String: [String]] = [:]
        let pattern = #/name:\s*"([A-Za-z]+)",\s*(?:path:[^\n]*\n\s*)?dependencies:\s*\[([^\]]*)\]/#
        for match in manifest.matches(of: pattern) {
            let names = match.output.2.matches(of: #/"(Nightshift[A-Za-z]+)"/#).map { String($0.output.1) }
            targets[String(match.output.1)] = names
        }
        return targets
    }

    static func check(name: String, count: Int, limit: Int, places: [String]) {
        #expect(
            count <= limit,
            "\(name): \(count), over its budget of \(limit). Use the one owner instead; the places:\n\(places.joined(separator: "\n"))")
        #expect(
            count >= limit,
            "\(name): \(count), under its budget of \(limit): lower the budget in BudgetTests.swift to \(count) in this change")
    }
}
