import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// Makes a configuration's `BundleSigningPlan` for a step: the scheme's signed bundles from
/// `xcodebuild -showBuildSettings` (run for real in a dry run too: it changes nothing), the
/// signing folder's profiles, each target's entitlements and the .p12's identities. A dry run
/// on a machine without the project or the signing files shows placeholders where a real run
/// would read them.
struct BundleSigningPlanner {
    let files: any SigningFileSystem
    let xcodebuild: String
    let openssl: String

    /// What the planner could not read in a dry run, to say so beside the placeholders.
    struct Plan {
        var plan: BundleSigningPlan
        var notes: [String]
    }

    func plan(_ inputs: SigningInputs, _ context: StepContext) async throws -> Plan {
        var notes: [String] = []
        let bundles: [SignedBundles.Bundle]
        switch await readBundles(inputs, context) {
        case .success(let read): bundles = read
        case .failure(let failure) where context.isDryRun:
            notes.append(
                "a dry run could not read the scheme's signed bundles (\(failure)); a run reads them before it starts, and shows the app's alone here"
            )
            bundles = [appOnly(inputs, context)]
        case .failure(let failure):
            throw StepFailure("configuration '\(inputs.configurationName)': \(failure)", reason: .invalidSetting)
        }
        notes += Self.versionMismatches(bundles, overridden: overridesVersions(context))
        let catalog = ProfileCatalog.read(folder: inputs.signingFolder, files: files)
        if context.isDryRun, catalog.entries.isEmpty, catalog.unreadable.isEmpty {
            notes.append("\(inputs.signingFolder) holds no profiles here: the profiles below stand for what a run finds there")
            return Plan(plan: placeholders(bundles, inputs), notes: notes)
        }
        let identities = context.isDryRun ? nil : try await identities(inputs, context)
        let team = inputs.teamID ?? catalog.named(inputs.appProfile)?.profile.teamIdentifier
        let matcher = BundleProfileMatcher(inputs, catalog: catalog, team: team, identities: identities, now: context.clock.now)
        let entitlements = BundleProfileMatcher.entitlements(of: bundles, team: team, files: files)
        do {
            return Plan(plan: try matcher.plan(bundles, entitlements: entitlements), notes: notes)
        } catch {
            throw StepFailure(error.description, reason: .invalidSetting)
        }
    }

    private func readBundles(_ inputs: SigningInputs, _ context: StepContext) async -> Result<
        [SignedBundles.Bundle], SignedBundles.Unreadable
    > {
        guard let project = context.lanesFile.project else {
            return .failure(SignedBundles.Unreadable(description: "\(context.lanesFile.path) has no 'project:' section"))
        }
        let scheme = SignedBundles.Scheme(
            project, configuration: context.configuration?.buildConfiguration ?? "Release", resolve: context.resolve)
        // Shown as the commands a step runs are: it is run for real, dry run or not.
        await context.log("$ " + CommandLineRendering.render(SignedBundles.command(scheme, xcodebuild: xcodebuild)))
        do {
            return .success(
                try await SignedBundles(shell: context.inspectionShell, xcodebuildPath: xcodebuild).read(
                    scheme, appIdentifier: inputs.appIdentifier))
        } catch let error as SignedBundles.Unreadable {
            return .failure(error)
        } catch {
            return .failure(SignedBundles.Unreadable(description: String(describing: error)))
        }
    }

    /// The .p12's identities, when openssl reads them; nil leaves the check to `security import`
    /// and xcodebuild, as the preflight does.
    private func identities(_ inputs: SigningInputs, _ context: StepContext) async throws -> [SigningCertificate]? {
        guard files.fileExists(atPath: inputs.p12Path) else { return nil }
        let reading = try await P12Inspector(shell: context.shell, opensslPath: openssl).read(
            inputs.p12Path, password: inputs.certificatePassword)
        if case .identities(let identities) = reading { return identities }
        return nil
    }

    /// App Store Connect refuses an extension, watch app or App Clip whose version or build
    /// number is not its app's (ITMS-90473 and its kin), after the whole build and upload: said
    /// before, as a warning, unless the archive step sets both for every target itself.
    static func versionMismatches(_ bundles: [SignedBundles.Bundle], overridden: Set<String>) -> [String] {
        guard let app = bundles.first else { return [] }
        var warnings: [String] = []
        for setting in ["MARKETING_VERSION", "CURRENT_PROJECT_VERSION"] where !overridden.contains(setting) {
            let expected = app.settings[setting]
            for bundle in bundles.dropFirst() {
                guard let value = bundle.settings[setting], let expected, value != expected else { continue }
                let mismatch =
                    "bundle '\(bundle.identifier)' (target '\(bundle.target)') has \(setting) \(value), the app \(expected): App Store Connect refuses a bundle whose version is not its app's"
                warnings.append(Diagnostic.warning(mismatch, at: nil).description)
            }
        }
        return warnings
    }

    /// The settings the step's `archive:` passes for every target (`build_number:`, `version:`).
    private func overridesVersions(_ context: StepContext) -> Set<String> {
        guard case .archive(let settings) = context.step.kind else { return [] }
        var overridden: Set<String> = []
        if settings.buildNumber != nil { overridden.insert("CURRENT_PROJECT_VERSION") }
        if settings.version != nil { overridden.insert("MARKETING_VERSION") }
        return overridden
    }

    private func appOnly(_ inputs: SigningInputs, _ context: StepContext) -> SignedBundles.Bundle {
        let scheme = context.lanesFile.project.map { context.resolve($0.scheme ?? $0.name) } ?? inputs.appIdentifier
        return SignedBundles.Bundle(
            identifier: inputs.appIdentifier, platform: ExportedBundle(method: inputs.exportMethod).assumedPlatform, target: scheme)
    }

    private func placeholders(_ bundles: [SignedBundles.Bundle], _ inputs: SigningInputs) -> BundleSigningPlan {
        let identity = ExportedBundle(method: inputs.exportMethod).fallbackIdentity
        let entries = bundles.enumerated().map { index, bundle in
            let name = index == 0 ? inputs.appProfile : inputs.bundleProfiles[bundle.identifier] ?? "<profile for \(bundle.identifier)>"
            let file = bundle.isMac ? "provisionprofile" : "mobileprovision"
            return BundleSigningPlan.Entry(
                bundle: bundle,
                profile: BundleSigningPlan.Profile(
                    path: "\(inputs.signingFolder)/\(name).\(file)", name: name, uuid: "<UUID of \(name)>", isMac: bundle.isMac),
                identity: identity, source: index == 0 ? "provisioning_profile" : "matched by bundle id")
        }
        return BundleSigningPlan(entries: entries, team: inputs.teamID)
    }
}
