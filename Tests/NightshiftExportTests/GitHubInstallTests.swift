import Foundation
@testable import NightshiftCore
@testable import NightshiftExport
@testable import NightshiftLanes
import NightshiftTestSupport
import Testing

/// `export github-actions` in an app's repository: `github: { setup: { brew | release | path } }`
/// installs nightshift as the job runs, and a lane that says nothing gets a warning when the
/// repository does not build nightshift. CIExportTests checks each of these workflows against
/// GitHub's schema and shellcheck with the bundled lanes' own.
@Suite("GitHub Actions: how the job gets nightshift")
struct GitHubInstallTests {
    static let lanes = """
        lanes:
          tapped: { github: { setup: { brew: sth-works/tools } }, steps: [ { sh: make } ] }
          released: { github: { setup: { release: "https://example.com/nightshift/1.2/nightshift-macos.tar.gz" } }, steps: [ { sh: make } ] }
          binary: { github: { setup: { release: "https://example.com/nightshift/1.2/nightshift" } }, steps: [ { sh: make } ] }
          installed: { github: { setup: { path: /opt/ci tools/nightshift } }, steps: [ { sh: make } ] }
          line: { github: { setup: "mint install sth/nightshift" }, steps: [ { sh: make } ] }
          bare: { steps: [ { sh: make } ] }
        """

    static var file: LanesFile { get throws { try LanesFileLoader().parse(text: lanes, path: "lanes.yml") } }

    static func workflow(_ lane: String, builds: Bool = true) throws -> (text: String, warnings: [Diagnostic]) {
        let export = try GitHubWorkflowGenerator().generate(try file, lanes: [lane], buildsNightshift: builds)
        return (export.files[0].contents, export.warnings)
    }

    @Test(
        "brew installs the tap's formula; release downloads the binary or unpacks the archive onto PATH; path checks it is there and runs it"
    )
    func installLines() throws {
        let tapped = try Self.workflow("tapped").text
        #expect(tapped.contains("  brew install sth-works/tools/nightshift\n"), "\(tapped)")
        #expect(tapped.contains("  nightshift run tapped --junit"))
        let released = try Self.workflow("released").text
        #expect(
            released.contains(
                #"curl -fsSL --retry 3 -o "$RUNNER_TEMP/nightshift.tar.gz" https://example.com/nightshift/1.2/nightshift-macos.tar.gz"#))
        #expect(released.contains(#"tar -xzf "$RUNNER_TEMP/nightshift.tar.gz" -C "$RUNNER_TEMP/nightshift""#))
        #expect(released.contains(#"echo "$RUNNER_TEMP/nightshift" >> "$GITHUB_PATH""#))
        let binary = try Self.workflow("binary").text
        #expect(
            binary.contains(#"curl -fsSL --retry 3 -o "$RUNNER_TEMP/nightshift/nightshift" https://example.com/nightshift/1.2/nightshift"#))
        #expect(binary.contains(#"chmod +x "$RUNNER_TEMP/nightshift/nightshift""#))
        let installed = try Self.workflow("installed").text
        #expect(installed.contains("test -x '/opt/ci tools/nightshift' ||"), "\(installed)")
        #expect(installed.contains("'/opt/ci tools/nightshift' run installed --junit"))
        #expect(try Self.workflow("line").text.contains("  mint install sth/nightshift\n"))
    }

    @Test("a lane with no setup: is warned about only where the repository does not build nightshift")
    func warning() throws {
        #expect(try Self.workflow("bare").warnings.isEmpty)
        let warned = try Self.workflow("bare", builds: false).warnings
        #expect(warned.count == 1)
        #expect(warned.first?.message.hasPrefix("lane 'bare': the workflow cannot know how to install nightshift") == true)
        #expect(try Self.workflow("tapped", builds: false).warnings.isEmpty)
        #expect(try Self.workflow("line", builds: false).warnings.isEmpty)
    }

    @Test(
        "a setup: choice that is not one way, or not what the job can use, is a located error",
        arguments: [
            ("{ brew: sth }", "error: lane 'tapped'.github.setup.brew must be a Homebrew tap, owner/repo"),
            ("{ release: http://example.com/n }", "error: lane 'tapped'.github.setup.release must be an https URL"),
            ("{ path: bin/nightshift }", "error: lane 'tapped'.github.setup.path must be an absolute path"),
            ("{ brew: a/b, path: /x }", "error: lane 'tapped'.github.setup must name one way to get nightshift"),
            ("{ tap: a/b }", "error: unknown key 'tap'"),
        ])
    func refused(setup: String, message: String) throws {
        let text = "lanes: { tapped: { github: { setup: \(setup) }, steps: [ { sh: make } ] } }"
        let error = try #require(throws: LanesFileError.self) { try LanesFileLoader().parse(text: text, path: "lanes.yml") }
        let shown = error.diagnostics.map(\.description).joined(separator: "\n")
        #expect(shown.hasPrefix("lanes.yml:1:") && shown.contains(message), "\(shown)")
    }
}
