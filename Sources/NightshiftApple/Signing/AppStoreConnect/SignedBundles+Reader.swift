import NightshiftCore
import NightshiftEngine

extension SignedBundles {
    /// What `signing: sync` needs of the project: the bundle ids the scheme signs in the step's
    /// configuration, with the shell that runs for real even in a dry run.
    static let reader: SigningSyncStepPerformer.BundleReader = { configuration, context in
        guard let project = context.lanesFile.project else {
            throw StepFailure(
                "'signing: sync' reads the signed bundle ids from the project: \(context.lanesFile.path) has no 'project:' section",
                reason: .invalidSetting)
        }
        do {
            return try await SignedBundles(shell: context.inspectionShell).read(
                SignedBundles.Scheme(project, configuration: configuration.buildConfiguration, resolve: context.resolve),
                appIdentifier: context.resolve(configuration.appIdentifier)
            ).map { SigningTarget.Bundle(identifier: $0.identifier, platform: $0.platform) }
        } catch let error as SignedBundles.Unreadable {
            throw StepFailure("configuration '\(configuration.name)': \(error)")
        }
    }
}
