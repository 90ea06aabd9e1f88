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
    /// Each run's plan per configuration, made once (it runs xcodebuild and openssl) and used by
    /// the preflight, `install_profile`, `archive` and `export`.
    let plans = BundleSigningPlans()
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
            case .sh, .lane, .upload, .test, .notarize, .signingSync, .release:
                throw StepFailure("'\(step.kind.keyword)' is not a signing step")
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
            // A Developer ID app that needs no profile may have none: its plan says so below.
            if files.fileExists(atPath: inputs.profilePath) || ExportedBundle(method: inputs.exportMethod) == .ipa {
                let warnings = try await SigningPreflight(files: files, inspector: inspector).check(inputs, now: context.clock.now)
                for warning in warnings { await context.log(warning, to: .standardError) }
            }
            try await preflightInstallerCertificate(inputs, context)
            // Every signed bundle of the scheme, each with a profile that fits it, before any
            // archive starts: all of their problems in one message.
            _ = try await signingPlan(inputs, context)
        } catch let error as SigningError {
            throw StepFailure(error.description, reason: error.reason)
        }
    }

    /// The configuration's plan for this run, made on first use.
    func signingPlan(_ inputs: SigningInputs, _ context: StepContext) async throws -> BundleSigningPlan {
        let key = "\(context.folders.logs.string)\u{0}\(inputs.configurationName)"
        if let plan = await plans.plan(for: key) { return plan }
        let made = try await BundleSigningPlanner(files: files, xcodebuild: xcodebuild, openssl: openssl).plan(inputs, context)
        for note in made.notes { await context.log(note) }
        await plans.store(made.plan, for: key)
        return made.plan
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
            runFolder: context.folders.logs.string
        ).locatingProfile(with: files)
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

    /// Installs the profile of every signed bundle, each once, where Xcode reads it.
    private func installProfile(_ context: StepContext) async throws -> Termination {
        let inputs = try inputs(context)
        let plan = try await signingPlan(inputs, context)
        for line in plan.table { await context.log("sign \(line)") }
        var installed: Set<String> = []
        for entry in plan.entries {
            guard let profile = entry.profile, installed.insert(profile.uuid).inserted else { continue }
            let destinations = ProfileInstaller.destinations(uuid: profile.uuid, home: inputs.home, mac: profile.isMac)
            for destination in destinations { await context.log("install \(profile.path) -> \(destination)") }
            if !context.isDryRun {
                try ProfileInstaller(files: files).install(
                    files.contents(atPath: profile.path), uuid: profile.uuid, home: inputs.home, mac: profile.isMac)
            }
        }
        return .exited(0)
    }

    /// The identity the app is signed with: what a disk image is signed with too.
    func appIdentity(_ inputs: SigningInputs, _ context: StepContext) async throws -> String {
        let plan = try await signingPlan(inputs, context)
        return plan.entries.first?.identity ?? ExportedBundle(method: inputs.exportMethod).fallbackIdentity
    }
}

extension ExportedBundle {
    /// codesign's name for any identity of the export's kind, when no certificate names one.
    var fallbackIdentity: String {
        self == .app ? "Developer ID Application" : "Apple Distribution"
    }
}
