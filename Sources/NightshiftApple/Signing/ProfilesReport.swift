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
    /// Reads each configuration's signed bundles from the project; nil reports the app alone.
    private let bundles: SignedBundles?

    /// `inspector` opens the .p12 files (with `openssl`, through the shell it was given);
    /// `bundles` runs `xcodebuild -showBuildSettings` for every bundle of the scheme.
    public init(files: any SigningFileSystem, inspector: P12Inspector, bundles: SignedBundles? = nil) {
        self.files = files
        self.inspector = inspector
        self.bundles = bundles
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
            let others = await bundleLines(configuration, lanesFile, environment, findings, now: now)
            lines += others.lines.map { "  " + $0 }
            problems = problems || others.problems
            warnings = warnings || others.warnings
        }
        if lanesFile.configurations.isEmpty { lines.append("no configurations in \(lanesFile.path)") }
        return Output(text: lines.joined(separator: "\n") + "\n", hasProblems: problems, hasWarnings: warnings)
    }

    /// Every signed bundle of the configuration's scheme with the profile a run would sign it
    /// with and its expiry, and each bundle's problem as `run`'s preflight would name it.
    private func bundleLines(
        _ configuration: Configuration, _ lanesFile: LanesFile, _ environment: EnvironmentVariables, _ findings: SigningFindings,
        now: Date
    ) async -> (lines: [String], problems: Bool, warnings: Bool) {
        guard let bundles, let project = lanesFile.project,
            let inputs = try? SigningInputs.resolve(lanesFile, configuration: configuration, environment: environment, runFolder: "")
        else { return ([], false, false) }
        let resolve = { (template: Template) in template.expand(in: environment) }
        let read: [SignedBundles.Bundle]
        do {
            read = try await bundles.read(
                SignedBundles.Scheme(project, configuration: configuration.buildConfiguration, resolve: resolve),
                appIdentifier: inputs.appIdentifier)
        } catch {
            return (
                [
                    Diagnostic.warning("the scheme's signed bundles were not read (\(error)); only the app's profile is shown", at: nil)
                        .description
                ], false, true
            )
        }
        let catalog = ProfileCatalog.read(folder: inputs.signingFolder, files: files)
        let team = inputs.teamID ?? findings.profile?.teamIdentifier
        let matcher = BundleProfileMatcher(inputs, catalog: catalog, team: team, identities: findings.certificate.map { [$0] }, now: now)
        let entitlements = BundleProfileMatcher.entitlements(of: read, team: team, files: files)
        var lines = ["bundles"]
        do {
            let plan = try matcher.plan(read, entitlements: entitlements)
            var warned = false
            for entry in plan.entries {
                let bundle = "\(entry.bundle.identifier) (\(entry.bundle.target))"
                guard let chosen = entry.profile, let profile = catalog.entries.first(where: { $0.profile.uuid == chosen.uuid })?.profile
                else {
                    lines.append("  \(bundle): no profile (needs none)")
                    continue
                }
                lines.append("  \(bundle): \(profile.name) (\(profile.uuid)), expires \(Self.expiry(profile.expirationDate, now: now))")
                if entry.bundle.identifier != inputs.appIdentifier {
                    let soon = SigningPreflight.warnings(for: profile, path: chosen.path, now: now)
                    lines += soon.map { "  \($0)" }
                    warned = warned || !soon.isEmpty
                }
            }
            return (lines, false, warned)
        } catch {
            return (lines + error.problems.map { "  error: \($0)" }, true, false)
        }
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
        return lines + (findings.warnings + findings.problems.map { .error("\($0)", at: nil) }).map(\.description)
    }

    /// `2025-03-01 (12 days left)`, or `(EXPIRED)`.
    static func expiry(_ date: Date, now: Date) -> String {
        let day = UTCTimestamp.day(date)
        guard date > now else { return "\(day) (EXPIRED)" }
        let days = Int(date.timeIntervalSince(now) / 86_400)
        return "\(day) (\(days) day\(days == 1 ? "" : "s") left)"
    }
}
