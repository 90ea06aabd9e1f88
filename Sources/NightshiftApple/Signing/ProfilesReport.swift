public import Foundation
public import NightshiftCore
public import NightshiftSystem

/// `nightshift profiles`: for every configuration, the profile and certificate it would sign
/// with and how long each stays valid. The check to run the morning before a release. It runs
/// the run's own signing checks (`SigningPreflight`), so it flags exactly what `run` refuses.
public struct ProfilesReport: Sendable {
    public struct Output: Sendable, Hashable {
        public var text: String
        /// Something `run` would refuse (a file missing or unreadable, expired, not matching):
        /// worth a non-zero exit.
        public var hasProblems: Bool
        /// Something to act on soon (a profile expiring within `SigningPreflight.warningPeriod`).
        public var hasWarnings: Bool
    }

    private let files: any SigningFileSystem
    private let inspector: P12Inspector

    /// `inspector` opens the .p12 files (with `openssl`, through the shell it was given).
    public init(files: any SigningFileSystem, inspector: P12Inspector) {
        self.files = files
        self.inspector = inspector
    }

    public func render(_ lanesFile: LanesFile, environment: EnvironmentVariables, now: Date) async -> Output {
        var lines: [String] = []
        var problems = false
        var warnings = false
        for configuration in lanesFile.configurations {
            lines.append(configuration.name)
            let findings: SigningFindings
            do {
                let inputs = try SigningInputs.resolve(lanesFile, configuration: configuration, environment: environment, runFolder: "")
                findings = await SigningPreflight(files: files, inspector: inspector).examine(inputs, now: now)
            } catch {
                findings = SigningFindings(problems: [error])
            }
            lines += Self.describe(findings, now: now).map { "  " + $0 }
            problems = problems || !findings.problems.isEmpty
            warnings = warnings || !findings.warnings.isEmpty
        }
        if lanesFile.configurations.isEmpty { lines.append("no configurations in \(lanesFile.path)") }
        return Output(text: lines.joined(separator: "\n") + "\n", hasProblems: problems, hasWarnings: warnings)
    }

    /// What was read, then each warning and problem on a line of its own.
    static func describe(_ findings: SigningFindings, now: Date) -> [String] {
        var lines: [String] = []
        if let profile = findings.profile {
            lines += [
                "profile      \(profile.name) (\(profile.uuid))",
                "team         \(profile.teamIdentifier)",
                "app id       \(profile.applicationIdentifier)",
                "expires      \(expiry(profile.expirationDate, now: now))",
                "devices      \(profile.provisionsAllDevices ? "all" : String(profile.provisionedDeviceCount))",
            ]
        }
        if let certificate = findings.certificate {
            lines.append("certificate  \(certificate.commonName ?? certificate.sha1), expires \(expiry(certificate.expiresAt, now: now))")
        }
        return lines + findings.warnings + findings.problems.map { "error: \($0)" }
    }

    /// `2025-03-01 (12 days left)`, or `(EXPIRED)`.
    static func expiry(_ date: Date, now: Date) -> String {
        let day = UTCTimestamp.day(date)
        guard date > now else { return "\(day) (EXPIRED)" }
        let days = Int(date.timeIntervalSince(now) / 86_400)
        return "\(day) (\(days) day\(days == 1 ? "" : "s") left)"
    }
}
