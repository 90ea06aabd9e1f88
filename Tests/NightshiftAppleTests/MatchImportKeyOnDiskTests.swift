import Foundation
@testable import NightshiftApple
import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Issue #38 §11: SIGTERM during `signing import-match` left the decrypted private key as
/// `<output>/.nightshift-import-<uuid>/key.pem`: while openssl ran, the key was a file, and a
/// signal ends the process before any `defer`. Now the key reaches openssl on its standard input.
@Suite("Import from fastlane match: the key never on disk", .temporaryDirectory)
struct MatchImportKeyOnDiskTests {
    /// The real shell, which looks under the output folder each time openssl runs, as a signal
    /// arriving then would leave it.
    final class Looking: ShellRunner {
        let inner = MatchImportTests.shell
        let output: String
        let found = LockedValue<[String]>([])
        let runs = LockedValue(0)

        init(output: String) {
            self.output = output
        }

        func run(_ command: ShellCommand, onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void) async throws
            -> Termination
        {
            if command.arguments.first == "pkcs12" {
                runs.withLock { $0 += 1 }
                let files = FileManager.default.enumerator(atPath: output)?.allObjects as? [String] ?? []
                for file in files {
                    let text = (try? String(contentsOfFile: "\(output)/\(file)", encoding: .utf8)) ?? ""
                    if text.contains("PRIVATE KEY") { found.withLock { $0.append(file) } }
                }
            }
            return try await inner.run(command, onOutput: onOutput)
        }
    }

    @Test("while openssl joins the key and its certificate, no file under the output holds the key")
    func keyNeverOnDisk() async throws {
        let fixture = try await MatchImportTests.Repository.make(version: 1)
        defer { SigningFixtures.remove(fixture.root) }
        let shell = Looking(output: fixture.output)
        let report = try await MatchImport(shell: shell).run(
            repository: fixture.repo, output: fixture.output, password: Secret(MatchImportTests.password))
        #expect(report.combined == ["distribution-ABC123.p12"])
        #expect(shell.runs.withLock { $0 } == 1)
        #expect(shell.found.withLock { $0 }.isEmpty, "the key was on disk as \(shell.found.withLock { $0 })")
    }
}
