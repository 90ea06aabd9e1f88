public import Foundation

/// `nightshift profiles`: for every configuration, the profile and certificate it would sign
/// with and how long each stays valid. The check to run the morning before a release.
public struct ProfilesReport: Sendable {
    public struct Output: Sendable, Hashable {
        public var text: String
        /// A file missing, unreadable, expired or not matching: worth a non-zero exit.
        public var hasProblems: Bool
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
        for configuration in lanesFile.configurations {
            lines.append(configuration.name)
            let (section, failed) = await describe(configuration, in: lanesFile, environment: environment, now: now)
            lines += section.map { "  " + $0 }
            problems = problems || failed
        }
        if lanesFile.configurations.isEmpty { lines.append("no configurations in \(lanesFile.path)") }
        return Output(text: lines.joined(separator: "\n") + "\n", hasProblems: problems)
    }

    private func describe(
        _ configuration: Configuration, in lanesFile: LanesFile, environment: EnvironmentVariables, now: Date
    ) async -> ([String], Bool) {
        let inputs: SigningInputs
        do {
            inputs = try SigningInputs.resolve(lanesFile, configuration: configuration, environment: environment, runFolder: "")
        } catch {
            return (["error: \(error)"], true)
        }
        let (profileLines, profileFailed) = describeProfile(inputs, now: now)
        let (certificateLine, certificateFailed) = await describeCertificate(inputs, now: now)
        return (profileLines + [certificateLine], profileFailed || certificateFailed)
    }

    private func describeProfile(_ inputs: SigningInputs, now: Date) -> ([String], Bool) {
        let preflight = SigningPreflight(files: files, inspector: inspector)
        do {
            let profile = try preflight.profile(at: inputs.profilePath)
            var lines = [
                "profile      \(profile.name) (\(profile.uuid))",
                "team         \(profile.teamIdentifier)",
                "app id       \(profile.applicationIdentifier)",
                "expires      \(Self.expiry(profile.expirationDate, now: now))",
                "devices      \(profile.provisionsAllDevices ? "all" : String(profile.provisionedDeviceCount))",
            ]
            do {
                try SigningPreflight.validate(profile, path: inputs.profilePath, appIdentifier: inputs.appIdentifier, now: now)
            } catch {
                lines.append("error: \(error)")
                return (lines, true)
            }
            return (lines, false)
        } catch {
            return (["error: \(error)"], true)
        }
    }

    private func describeCertificate(_ inputs: SigningInputs, now: Date) async -> (String, Bool) {
        guard files.fileExists(atPath: inputs.p12Path) else {
            return ("certificate  error: \(SigningError.missingFile(kind: "certificate", path: inputs.p12Path))", true)
        }
        do {
            let certificate = try await inspector.certificate(in: inputs.p12Path, password: inputs.certificatePassword)
            let name = certificate.commonName ?? certificate.sha1
            return ("certificate  \(name), expires \(Self.expiry(certificate.expiresAt, now: now))", certificate.expiresAt <= now)
        } catch {
            return ("certificate  error: \(error)", true)
        }
    }

    /// `2025-03-01 (12 days left)`, or `(EXPIRED)`.
    static func expiry(_ date: Date, now: Date) -> String {
        let day = SigningError.day(date)
        guard date > now else { return "\(day) (EXPIRED)" }
        let days = Int(date.timeIntervalSince(now) / 86_400)
        return "\(day) (\(days) day\(days == 1 ? "" : "s") left)"
    }
}
