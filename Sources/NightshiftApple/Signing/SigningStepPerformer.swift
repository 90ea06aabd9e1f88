internal import Foundation
public import NightshiftCore
public import NightshiftEngine
public import NightshiftSystem

/// Performs `package` and its parts (`import_certificate`, `install_profile`, `archive`, `export`)
/// through the step's shell, so a dry run records exactly what a real run would execute.
public struct SigningStepPerformer: StepPerformer {
    public typealias KeychainImporterFactory = @Sendable (any ShellRunner) -> any KeychainImporter

    let makeKeychainImporter: KeychainImporterFactory
    /// Shared by every lane of this process, so two lanes of one `--parallel` run exclude each
    /// other as two processes do.
    let keychainLock = KeychainLock()
    let files: any SigningFileSystem
    let xcodebuild: String
    let openssl: String
    /// App Store Connect's build numbers, for `archive: { build_number: { from: appstoreconnect } }`.
    let buildNumbers: (any BuildNumberSource)?

    /// `makeKeychainImporter` receives the step's shell (the recording one under `--dry-run`). It
    /// has no default: the real importer needs the user's search-list lock, which only the
    /// composition root (or a test) can say where to take.
    public init(
        files: any SigningFileSystem,
        makeKeychainImporter: @escaping KeychainImporterFactory,
        xcodebuildPath: String = "xcodebuild", opensslPath: String = "openssl", buildNumbers: (any BuildNumberSource)? = nil
    ) {
        self.files = files
        self.makeKeychainImporter = makeKeychainImporter
        self.xcodebuild = xcodebuildPath
        self.openssl = opensslPath
        self.buildNumbers = buildNumbers
    }

    /// The kinds this performer runs.
    public static let kinds: [StepKeyword] = [.package, .importCertificate, .installProfile, .archive, .export]

    public func perform(_ step: Step, in context: StepContext) async throws -> Termination {
        do {
            switch step.kind {
            case .importCertificate: return try await importCertificate(context)
            case .installProfile: return try await installProfile(context)
            case .archive: return try await archive(context)
            case .export: return try await export(context)
            case .package: return try await package(context)
            case .packageInto(let container): return try await package(into: container, context)
            case .sh, .lane, .upload, .test, .notarize, .signingSync: throw StepFailure("'\(step.kind.keyword)' is not a signing step")
            }
        } catch let error as SigningError {
            throw StepFailure(error.description, reason: error.reason)
        } catch let error as KeychainError {
            throw StepFailure(error.description, reason: .keychainCommand)
        }
    }

    public func preflight(_ steps: [Step], in context: StepContext) async throws {
        guard steps.contains(where: \.kind.needsSigning) else { return }
        do {
            // The settings are checked even in a dry run (a keychain name that is the login keychain).
            let inputs = try inputs(context)
            for step in steps {
                if case .packageInto(let container) = step.kind { try await preflightContainer(container, context) }
            }
            // A dry run reads no command output, so the .p12 cannot be opened: nothing more to check.
            guard !context.isDryRun else { return }
            // From App Store Connect, the files are made by the run's `signing: sync`: none yet.
            guard context.lanesFile.codesigning?.from != .appStoreConnect else { return }
            let inspector = P12Inspector(shell: context.shell, opensslPath: openssl)
            let warnings = try await SigningPreflight(files: files, inspector: inspector).check(inputs, now: context.clock.now)
            try await preflightInstallerCertificate(inputs, context)
            for warning in warnings { await context.log(warning, to: .standardError) }
        } catch let error as SigningError {
            throw StepFailure(error.description, reason: error.reason)
        }
    }

    func package(_ context: StepContext) async throws -> Termination {
        let parts = [importCertificate, installProfile, archive, export]
        for part in parts {
            let termination = try await part(context)
            guard termination.succeeded else { return termination }
        }
        return .exited(0)
    }

    func inputs(_ context: StepContext) throws(SigningError) -> SigningInputs {
        guard let configuration = context.configuration else {
            throw .missingSetting("configuration of lane '\(context.lane.name)'")
        }
        return try SigningInputs.resolve(
            context.lanesFile, configuration: configuration, environment: context.environment,
            runFolder: context.absolute(context.folders.logs))
    }

    private func importCertificate(_ context: StepContext) async throws -> Termination {
        let inputs = try inputs(context)
        let importer = makeKeychainImporter(context.shell)
        // A dry run creates no keychain, so it waits for none.
        if !context.isDryRun { try await keychainLock.acquire(inputs.keychain.path, in: context) }
        let session = try await importer.prepare(inputs.keychain, output: context.emit) { session in
            // Registered before anything else can fail, so the keychain never outlives the lane.
            let removal = "security delete-keychain \(CommandLineRendering.quote(session.keychainPath))"
            await context.cleanup.push(
                "delete keychain \(session.keychainPath)",
                leftBehind: "the keychain \(session.keychainPath); remove it with: \(removal)"
            ) {
                try await session.restore()
            }
        }
        try await importer.importCertificate(at: inputs.p12Path, password: inputs.certificatePassword, into: session, output: context.emit)
        // The same import gives productbuild its key without a prompt (`-T /usr/bin/productbuild`).
        if let installer = inputs.installerP12Path {
            try await importer.importCertificate(
                at: installer, password: inputs.installerCertificatePassword, into: session, output: context.emit)
        }
        return .exited(0)
    }

    private func installProfile(_ context: StepContext) async throws -> Termination {
        let inputs = try inputs(context)
        let profile = try profileSummary(inputs, context)
        let destinations = ProfileInstaller.destinations(uuid: profile.uuid, home: inputs.home)
        for destination in destinations { await context.log("install \(inputs.profilePath) -> \(destination)") }
        if !context.isDryRun {
            try ProfileInstaller(files: files).install(files.contents(atPath: inputs.profilePath), uuid: profile.uuid, home: inputs.home)
        }
        return .exited(0)
    }

    /// The profile's identity, for installing, archiving and exporting. A dry run on a machine
    /// without the signing files still shows every command, with placeholders.
    func profileSummary(_ inputs: SigningInputs, _ context: StepContext) throws(SigningError) -> ProfileSummary {
        let preflight = SigningPreflight(files: files, inspector: P12Inspector(shell: context.shell, opensslPath: openssl))
        if context.isDryRun, !files.fileExists(atPath: inputs.profilePath) {
            let name = URL(fileURLWithPath: inputs.profilePath).deletingPathExtension().lastPathComponent
            return ProfileSummary(
                uuid: "<UUID of \(name)>", name: name, teamID: inputs.teamID, identity: fallbackIdentity(context), certificates: [])
        }
        let profile = try preflight.profile(at: inputs.profilePath)
        try SigningPreflight.validate(profile, inputs, now: context.clock.now)
        return ProfileSummary(
            uuid: profile.uuid, name: profile.name, teamID: inputs.teamID ?? profile.teamIdentifier,
            identity: profile.certificates.first?.commonName ?? fallbackIdentity(context), certificates: profile.certificates)
    }

    /// codesign's name for any identity of the export's kind, when no certificate names one.
    private func fallbackIdentity(_ context: StepContext) -> String {
        ExportedBundle(method: exportMethod(context)) == .app ? "Developer ID Application" : "Apple Distribution"
    }
}

/// What archiving and exporting need to know of the profile.
public struct ProfileSummary: Sendable, Hashable {
    var uuid: String
    var name: String
    var teamID: String?
    /// A fallback code-signing identity, when the .p12 is not read (dry run).
    var identity: String
    /// The certificates the profile lists: which of the .p12's identities may sign.
    var certificates: [SigningCertificate]
}
