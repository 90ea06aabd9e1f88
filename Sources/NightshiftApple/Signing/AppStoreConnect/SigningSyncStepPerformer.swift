import Foundation
public import NightshiftCore
public import NightshiftEngine
public import NightshiftSystem
public import NightshiftServices

/// `signing: sync`: inside a run, what `nightshift signing apply` does for the step's
/// configuration, then the certificate as `<run folder>/signing/<certificate>.p12` and each
/// profile as `<name>.mobileprovision` beside it, where `import_certificate` and
/// `install_profile` read them under `codesigning: { from: appstoreconnect }`. A dry run reads
/// the portal (GET only) and prints the plan.
public struct SigningSyncStepPerformer: StepPerformer {
    /// Every bundle id the project's scheme signs in the configuration's build configuration, read
    /// with the step's `inspectionShell` (real even in a dry run): `SignedBundles.reader`, or a
    /// test's own list.
    typealias BundleReader =
        @Sendable (_ configuration: Configuration, _ context: StepContext) async throws -> [SigningTarget.Bundle]

    let readBundles: BundleReader
    let transport: any HTTPTransport
    let openssl: String

    public init(transport: any HTTPTransport, opensslPath: String = "openssl") {
        self.init(readBundles: SignedBundles.reader, transport: transport, opensslPath: opensslPath)
    }

    init(readBundles: @escaping BundleReader, transport: any HTTPTransport, opensslPath: String = "openssl") {
        self.readBundles = readBundles
        self.transport = transport
        self.openssl = opensslPath
    }

    /// The API key is named before any step runs when it is missing.
    public func preflight(_ steps: [Step], in context: StepContext) async throws {
        guard steps.contains(where: { $0.kind == .signingSync }) else { return }
        do {
            _ = try AppStoreConnectSigning.Credentials.from(context.environment)
            _ = try AppStoreConnectSigning.endpoint(in: context.environment)
        } catch let error as SigningPortalError {
            throw StepFailure(error.message, reason: error.reason)
        }
    }

    public func perform(_ step: Step, in context: StepContext) async throws -> Termination {
        guard step.kind == .signingSync else { throw StepFailure("'\(step.kind.keyword)' is not 'signing: sync'") }
        do {
            return try await sync(context)
        } catch let error as SigningPortalError {
            throw StepFailure(error.message, reason: error.reason)
        }
    }

    /// The scheme's signed bundles. A dry run on a machine without the project or Xcode plans for
    /// the app's bundle alone, saying so, as `package`'s dry run does; a run stops.
    private func bundles(_ configuration: Configuration, _ context: StepContext) async throws -> [SigningTarget.Bundle] {
        do {
            return try await readBundles(configuration, context)
        } catch  where context.isDryRun {
            await context.log(
                "a dry run could not read the scheme's signed bundles (\(error)); a run reads them before it starts, and plans for the app's alone here",
                to: .standardError)
            let platform = ExportedBundle(method: context.resolve(configuration.exportMethod)).assumedPlatform
            return [SigningTarget.Bundle(identifier: context.resolve(configuration.appIdentifier), platform: platform)]
        }
    }

    private func sync(_ context: StepContext) async throws -> Termination {
        guard let codesigning = context.lanesFile.codesigning, codesigning.from == .appStoreConnect else {
            throw SigningPortalError("'signing: sync' needs 'codesigning: { from: appstoreconnect }' in \(context.lanesFile.path)")
        }
        guard let configuration = context.configuration else {
            throw SigningPortalError("'signing: sync' in lane '\(context.lane.name)' runs with no configuration")
        }
        let target = try SigningTarget.resolve(
            configuration, codesigning: codesigning, environment: context.environment, secrets: context.secrets,
            bundles: try await bundles(configuration, context))
        let signing = try AppStoreConnectSigning(
            credentials: try .from(context.environment), endpoint: try AppStoreConnectSigning.endpoint(in: context.environment),
            transport: transport, clock: context.clock, secrets: context.secrets,
            log: { line in await context.log(line, to: .standardError) })
        let plan = try await signing.plan([target])
        for warning in plan.warnings { await context.log(.warning(warning, at: nil), to: .standardError) }
        if context.isDryRun {
            for line in plan.render().split(separator: "\n") { await context.log(String(line)) }
            return .exited(0)
        }
        let changes = LockedValue<[String]>([])
        let outcome = try await signing.apply(plan) { change in
            changes.withLock { $0.append(change) }
            await context.log(change)
        }
        let made = changes.withLock { $0 }
        // Each change, in the step's details (report.json) and its log.
        await context.details.set("signing.changes", made.isEmpty ? "none" : made.joined(separator: "\n"))
        if made.isEmpty { await context.log("no changes: App Store Connect has what configuration '\(configuration.name)' needs") }
        try await SigningFilesWriter(shell: context.shell, openssl: openssl, secrets: context.secrets).write(
            outcome, key: target, into: Codesigning.syncedFolder(runFolder: context.folders.logs.string),
            exports: context.exports,
            log: { line, channel in await context.log(line, to: channel) })
        return .exited(0)
    }
}
