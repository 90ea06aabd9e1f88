public import Foundation
import NightshiftSystem

/// Synthetic signing files made with the real openssl by `scripts/make-signing-fixtures.sh`, in a
/// temporary folder of their own. Helpers run through the production `ProcessShellRunner`.
public struct SigningFixtures: Sendable {
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let script = repositoryRoot.appendingPathComponent("scripts/make-signing-fixtures.sh").path
    /// The fake `security`, `xcodebuild` and `xcrun` that log their argv and answer like the real ones.
    public static let fakeTools = repositoryRoot.appendingPathComponent("Tests/EndToEndTests/FakeTools").path

    public let folder: String

    /// A fresh folder inside the test's temporary directory (`.temporaryDirectory`).
    public static func temporaryFolder() throws -> String {
        try TemporaryDirectory.make("signing")
    }

    /// Makes `<name>.p12` and `<name>.mobileprovision` under `folder`; `settings` are the
    /// script's variables (TEAM_ID, APP_ID, PROFILE_EXPIRY, P12_PASSWORD, LEGACY, OTHER_CERT…).
    @discardableResult
    public static func make(in folder: String, name: String = "distribution", _ settings: [String: String] = [:]) async throws
        -> SigningFixtures
    {
        var environment = settings.merging(["FIXTURE_NAME": name]) { old, _ in old }
        if TemporaryDirectory.current != nil {
            environment.merge(try await readyKeys(name: name, settings)) { given, _ in given }
        }
        let result = try await run(ShellCommand("/bin/sh", [script, folder], environment: environment))
        guard result.succeeded else { throw FixtureError(message: "fixture script failed: \(result.failureDetail)") }
        return SigningFixtures(folder: folder)
    }

    /// The script's IDENTITY_KEY, OTHER_KEY and CA_KEY, from `FixtureKeys` (one key per fixture
    /// name, role and issuer), in a folder of the test's own.
    private static func readyKeys(name: String, _ settings: [String: String]) async throws -> [String: String] {
        let folder = try TemporaryDirectory.make("fixture-keys")
        var keys = ["IDENTITY_KEY": try await FixtureKeys.shared.file("\(name)-identity", in: folder)]
        if settings["OTHER_CERT"] == "1" { keys["OTHER_KEY"] = try await FixtureKeys.shared.file("\(name)-other", in: folder) }
        if let unit = settings["ISSUER_UNIT"], !unit.isEmpty {
            let issuer = "\(unit) \(settings["ISSUER_NAME"] ?? "")".map { $0.isLetter || $0.isNumber ? $0 : "_" }
            keys["CA_KEY"] = try await FixtureKeys.shared.file("issuer-\(String(issuer))", in: folder)
        }
        return keys
    }

    /// The PEM certificate `openssl pkcs12` prints for a .p12 (what a scripted openssl answers).
    public static func pem(of p12: String, password: String, legacy: Bool = false) async throws -> String {
        let arguments = ["pkcs12"] + (legacy ? ["-legacy"] : []) + ["-in", p12, "-nokeys", "-clcerts", "-passin", "env:P"]
        let result = try await run(ShellCommand("openssl", arguments, environment: ["P": password]))
        guard result.succeeded else { throw FixtureError(message: result.failureDetail) }
        return result.standardOutput
    }

    public static func remove(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func run(_ command: ShellCommand) async throws -> CapturedResult {
        try await ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment)).capture(command)
    }
}

public struct FixtureError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}
