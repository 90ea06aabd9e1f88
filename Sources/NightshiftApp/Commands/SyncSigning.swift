internal import Foundation
import NightshiftApple
import NightshiftCore
import NightshiftLanes
import NightshiftSystem
import NightshiftServices

/// `nightshift signing plan|apply|check [LANE]`: the certificates and provisioning profiles of
/// `codesigning: { from: appstoreconnect }`, kept on App Store Connect through its API.
public struct SyncSigning: LanesFileCommand {
    public enum Action: Sendable, Hashable {
        /// Print what `apply` would change; change nothing.
        case plan
        /// Make the changes, printing each.
        case apply
        /// `apply`, also making again the profiles that expire within `days`.
        case check(days: Int)
    }

    public var global: LanesFileOptions
    public var lane: String?
    public var action: Action

    public init(global: LanesFileOptions, lane: String?, action: Action) {
        self.global = global
        self.lane = lane
        self.action = action
    }

    /// 0 when the plan was printed (changes pending or not) or applied; 1 when a problem stops
    /// `apply` (a bundle id not registered) or App Store Connect refused; 2 for a bad lanes file.
    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        let variables = try context.loadEnvironment()
        guard let codesigning = file.codesigning, codesigning.from == .appStoreConnect else {
            throw CommandFailure.usage(
                "\(global.file) does not say 'codesigning: { from: appstoreconnect }': 'nightshift signing' keeps signing files on App Store Connect only for such a file"
            )
        }
        let configurations = try Self.configurations(of: file, lane: lane)
        // The API key and endpoint are checked before xcodebuild runs: a missing one is named first.
        let credentials = try AppStoreConnectSigning.Credentials.from(variables)
        let endpoint = try AppStoreConnectSigning.endpoint(in: variables)
        let shell = context.environment.makeShell(context.shellSettings(variables))
        var targets: [SigningTarget] = []
        for configuration in configurations {
            targets.append(
                try await Self.target(
                    configuration, in: file, codesigning: codesigning, environment: variables, shell: shell, secrets: context.secrets))
        }
        let output = context.output
        let signing = try AppStoreConnectSigning(
            credentials: credentials, endpoint: endpoint, transport: context.environment.makeTransport(),
            clock: context.clock,
            secrets: context.secrets, log: { line in output.err(line + "\n") })
        let renewal: TimeInterval? = if case .check(let days) = action { TimeInterval(days) * 86_400 } else { nil }
        let plan = try await signing.plan(targets, renewWithin: renewal)
        switch action {
        case .plan:
            output.out(plan.render())
            return plan.problems.isEmpty ? ExitStatus.success : ExitStatus.failed
        case .apply, .check:
            for warning in plan.warnings { context.tell(.warning(warning, at: nil)) }
            if let days = renewal.map({ Int($0 / 86_400) }) { output.out("profiles expiring within \(days) days are made again\n") }
            let changes = LockedValue(0)
            try await signing.apply(plan) { change in
                changes.withLock { $0 += 1 }
                output.out(change + "\n")
            }
            if changes.withLock({ $0 }) == 0 { output.out("no changes: App Store Connect has what every configuration needs\n") }
            return ExitStatus.success
        }
    }

    /// The lane's signing configurations (those its signing steps run with, through its
    /// `lane:` calls); without a lane, every configuration.
    static func configurations(of file: LanesFile, lane name: String?) throws -> [Configuration] {
        guard let name else { return file.configurations }
        guard let lane = file.lane(named: name) else {
            throw CommandFailure.usage(
                "no lane '\(name)' in \(file.path)"
                    + (Suggestion.closest(to: name, among: file.lanes.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""))
        }
        var names = Set<String>()
        LaneCallGraph(file: file).visitSteps(reachableFrom: lane) { walked in
            if walked.step.kind.needsSigning, let configuration = walked.configurationName { names.insert(configuration) }
        }
        let found = file.configurations.filter { names.contains($0.name) }
        if found.isEmpty {
            throw CommandFailure.usage("lane '\(name)' signs nothing: no step of it (or of the lanes it calls) signs or builds")
        }
        return found
    }

    /// What `configuration` signs: its key, its profile's name and type, and every bundle id the
    /// project's scheme signs in its build configuration.
    static func target(
        _ configuration: Configuration, in file: LanesFile, codesigning: Codesigning, environment: EnvironmentVariables,
        shell: any ShellRunner,
        secrets: RunSecrets
    ) async throws -> SigningTarget {
        let resolve = { (template: Template) in template.expand(in: environment) }
        // The key first, then the project: a key missing is named before xcodebuild runs.
        let keyOnly: SigningTarget
        do {
            keyOnly = try SigningTarget.resolve(
                configuration, codesigning: codesigning, environment: environment, secrets: secrets, bundles: [])
        } catch {
            throw CommandFailure.usage(error.message)
        }
        guard let project = file.project else {
            throw CommandFailure.usage(
                "'nightshift signing' reads the signed bundle ids from the project: \(file.path) has no 'project:' section")
        }
        let appIdentifier = resolve(configuration.appIdentifier)
        let bundles: [SignedBundles.Bundle]
        do {
            bundles = try await SignedBundles(shell: shell).read(
                SignedBundles.Scheme(project, configuration: configuration.buildConfiguration, resolve: resolve),
                appIdentifier: appIdentifier)
        } catch let error as SignedBundles.Unreadable {
            throw CommandFailure("configuration '\(configuration.name)': \(error)", status: ExitStatus.failed)
        }
        var target = keyOnly
        target.bundles = bundles.map { SigningTarget.Bundle(identifier: $0.identifier, platform: $0.platform) }
        return target
    }
}
