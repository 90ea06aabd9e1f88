import Foundation
import NightshiftKit

/// Synthetic signing files made with the real openssl by `scripts/make-signing-fixtures.sh`, in a
/// temporary folder of their own.
struct SigningFixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = repositoryRoot.appendingPathComponent("scripts/make-signing-fixtures.sh").path
    static let fakeTools = repositoryRoot.appendingPathComponent("Tests/EndToEndTests/FakeTools").path

    let folder: String

    /// A fresh temporary folder (removed by `remove()`).
    static func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nightshift-signing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Makes `<name>.p12` and `<name>.mobileprovision` under `folder`; `settings` are the
    /// script's variables (TEAM_ID, APP_ID, PROFILE_EXPIRY, P12_PASSWORD, LEGACY, OTHER_CERT…).
    @discardableResult
    static func make(in folder: String, name: String = "distribution", _ settings: [String: String] = [:]) throws -> SigningFixtures {
        var environment = ProcessInfo.processInfo.environment
        environment["FIXTURE_NAME"] = name
        environment.merge(settings) { _, new in new }
        let result = try runProcess("/bin/sh", [script, folder], environment: environment)
        guard result.status == 0 else { throw FixtureError(message: "fixture script failed: \(result.error)") }
        return SigningFixtures(folder: folder)
    }

    /// The PEM certificate `openssl pkcs12` prints for a .p12 (what a scripted openssl answers).
    static func pem(of p12: String, password: String, legacy: Bool = false) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["P"] = password
        let arguments = ["pkcs12"] + (legacy ? ["-legacy"] : []) + ["-in", p12, "-nokeys", "-clcerts", "-passin", "env:P"]
        let result = try runProcess("/usr/bin/env", ["openssl"] + arguments, environment: environment)
        guard result.status == 0 else { throw FixtureError(message: result.error) }
        return result.output
    }

    static func remove(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Runs a short-lived helper (openssl, the fixture script) to completion. Test-only: the outputs
/// are small, so reading them after exit cannot fill a pipe.
func runProcess(
    _ executable: String, _ arguments: [String], environment: [String: String], input: [UInt8]? = nil
) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    if let input { standardInput.fileHandleForWriting.write(Data(input)) }
    try standardInput.fileHandleForWriting.close()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
}
