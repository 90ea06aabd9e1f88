import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// `cache:` through the binary with the strict fakes: the fake xcodebuild compiles the project's
/// sources through Xcode's compilation cache as Xcode does (fakexcode/compilecache.py), so the
/// first run misses, the second hits, and both say so in every report; `cache status` and
/// `cache clear` on what they kept.
@Suite("compilation cache end to end", .temporaryDirectory)
struct CompilationCacheLaneTests {
    struct Project {
        let directory: String
        let cacheHome: String

        init(cache: String) throws {
            directory = try makeTemporaryDirectory()
            cacheHome = try makeTemporaryDirectory()
            try "BrewerTests/LedgerTests/testTotal()\t0\tpass\n".write(toFile: directory + "/tests.tsv", atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: directory + "/Sources", withIntermediateDirectories: true)
            for name in ["Ledger", "Brew", "Cup"] {
                try "struct \(name) {}\n".write(toFile: "\(directory)/Sources/\(name).swift", atomically: true, encoding: .utf8)
            }
            try """
            project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
            cache: \(cache)
            lanes:
              nightly:
                steps:
                  - test: { destination: { device: iPhone 8 } }
            """.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        }

        var environment: [String: String] {
            [
                "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin", "FAKE_TESTS": directory + "/tests.tsv",
                "NIGHTSHIFT_CACHE_HOME": cacheHome,
            ]
        }

        func nightshift(_ arguments: [String]) async throws -> NightshiftBinary.Outcome {
            try await NightshiftBinary.run(arguments, in: directory, environment: environment)
        }

        /// The test step's `compilation_cache` in the run's --json report.
        func reportedCache(_ report: String) throws -> [String: Int]? {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + report))
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let lane = try #require((document["lanes"] as? [[String: Any]])?.first)
            let step = try #require((lane["steps"] as? [[String: Any]])?.first { $0["kind"] as? String == "test" })
            return step["compilation_cache"] as? [String: Int]
        }
    }

    @Test("a first build misses, a second hits, in the console, JSON, HTML and JUnit; the store outlives the run folder")
    func missesThenHits() async throws {
        let project = try Project(cache: "{ compilation: true, packages: true, limit: 20GB }")
        let first = try await project.nightshift(["run", "nightly", "--json", "first.json"])
        #expect(first.exitCode == 0, "\(first.standardOutput)\(first.standardError)")
        #expect(first.standardOutput.contains("compilation cache of test: 0 hits, 3 misses of 3 cacheable tasks (0%)"))
        #expect(try project.reportedCache("first.json") == ["hits": 0, "misses": 3, "cacheable_tasks": 3])
        try FileManager.default.removeItem(atPath: project.directory + "/.nightshift")
        let second = try await project.nightshift([
            "run", "nightly", "--json", "second.json", "--junit", "second.xml", "--html", "second-html",
        ])
        #expect(second.exitCode == 0, "\(second.standardOutput)\(second.standardError)")
        #expect(second.standardOutput.contains("compilation cache of test: 3 hits, 0 misses of 3 cacheable tasks (100%)"))
        #expect(try project.reportedCache("second.json") == ["hits": 3, "misses": 0, "cacheable_tasks": 3])
        let junit = try String(contentsOfFile: project.directory + "/second.xml", encoding: .utf8)
        #expect(junit.contains(#"<property name="compilation_cache.hits" value="3"/>"#))
        let html = try String(contentsOfFile: project.directory + "/second-html/index.html", encoding: .utf8)
        #expect(html.contains("compilation cache&#58; 3 hits, 0 misses of 3 cacheable tasks (100%)"))
        let status = try await project.nightshift(["cache", "status"])
        #expect(status.exitCode == 0)
        #expect(status.standardOutput.contains(project.directory + "/Brewer.xcworkspace"))
        #expect(status.standardOutput.contains("compilation cache, Xcode build 17C52"))
        #expect(status.standardOutput.contains("Swift packages"))
        let cleared = try await project.nightshift(["cache", "clear", "Brewer.xcworkspace"])
        #expect(cleared.exitCode == 0, "\(cleared.standardError)")
        #expect(try await project.nightshift(["cache", "status"]).standardOutput.hasPrefix("No build caches in "))
    }

    @Test("a limit Xcode could not read is refused before any step, located; a dry run writes no cache")
    func refusedLimitAndDryRun() async throws {
        let refused = try Project(cache: "{ compilation: true, limit: 20 gigs }")
        let outcome = try await refused.nightshift(["run", "nightly"])
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.contains("lanes.yml:2:36: error: cache.limit: '20 gigs' is not a size"), "\(outcome.standardError)")
        let project = try Project(cache: "{ compilation: true, limit: 1.5TB }")
        let dry = try await project.nightshift(["run", "nightly", "--dry-run"])
        #expect(dry.exitCode == 0, "\(dry.standardOutput)\(dry.standardError)")
        #expect(dry.standardOutput.contains("COMPILATION_CACHE_LIMIT_SIZE=1536G"))
        #expect(dry.standardOutput.contains("COMPILATION_CACHE_CAS_PATH=\(project.cacheHome)/projects/Brewer.xcworkspace-"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.cacheHome).isEmpty)
    }
}
