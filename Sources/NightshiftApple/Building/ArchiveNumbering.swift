internal import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// The build number and version an `archive: { build_number: …, version: … }` passes to
/// xcodebuild as `CURRENT_PROJECT_VERSION` and `MARKETING_VERSION`. Chosen once per run: a
/// resumed run takes the number its earlier attempt chose (the step's exports, in the journal),
/// so a retried archive is the same build.
struct ArchiveNumbering {
    var settings: ArchiveStepSettings
    /// App Store Connect's numbers (`AppStoreConnectBuildNumbers`), given by the composition root.
    var store: (any BuildNumberSource)?

    /// What the archive is numbered with; nil parts are left to the project.
    struct Numbers: Sendable, Hashable {
        var buildNumber: String?
        var version: String?
    }

    func numbers(_ context: StepContext, destination: String) async throws -> Numbers {
        let version = settings.version.map(context.resolve).flatMap { $0.isEmpty ? nil : $0 }
        guard let source = settings.buildNumber else { return Numbers(buildNumber: nil, version: version) }
        let number: BuildNumber
        if let earlier = context.earlierExports[NightshiftVariable.buildNumber.name].flatMap(BuildNumber.init) {
            number = earlier
            await context.log("build number \(number): chosen by this run's earlier attempt (run journal)")
        } else {
            number = try await choose(source, context, destination: destination)
        }
        await context.exports.set(NightshiftVariable.buildNumber.name, number.description)
        await context.details.set("build_number", number.description)
        if let version {
            await context.exports.set(NightshiftVariable.version.name, version)
            await context.details.set("version", version)
        }
        return Numbers(buildNumber: number.description, version: version)
    }

    private func choose(_ source: BuildNumberSetting, _ context: StepContext, destination: String) async throws -> BuildNumber {
        switch source {
        case .appStoreConnect:
            guard let store else {
                throw StepFailure(
                    "'build_number: { from: appstoreconnect }' cannot reach App Store Connect in this build", reason: .invalidSetting)
            }
            let bundleID = context.environment[NightshiftVariable.appIdentifier.name] ?? ""
            guard !bundleID.isEmpty else {
                throw StepFailure(
                    "'build_number: { from: appstoreconnect }' needs the configuration's app_identifier", reason: .missingSetting)
            }
            let request = BuildNumberRequest(
                bundleID: bundleID, platform: Self.platform(destination: destination),
                endpoint: settings.endpoint.map(context.resolve).flatMap { $0.isEmpty ? nil : $0 })
            let answer = try await store.nextBuildNumber(request, in: context)
            await context.log("build number \(answer.number) from App Store Connect: \(answer.reason)")
            return answer.number
        case .git:
            // Read for real in a dry run too: counting commits changes nothing.
            let count = try await context.inspectionShell.capture(
                ShellCommand("git", ["rev-list", "--count", "HEAD"], workingDirectory: context.directory))
            let text = count.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            guard count.succeeded, let number = BuildNumber(text) else {
                throw StepFailure(
                    "'build_number: { from: git }': git rev-list --count HEAD failed: \(count.failureDetail)", reason: .stepFailed)
            }
            // A shallow clone counts only what was fetched (1 for actions/checkout's default): an
            // earlier build's number, which App Store Connect refuses as a duplicate.
            if try await ShallowClone.isShallow(in: context) {
                throw StepFailure(
                    "'build_number: { from: git }': the repository is a shallow clone (\(ShallowClone.probe.joined(separator: " ")) says true), "
                        + "so git rev-list --count HEAD counts only the \(number) commit\(text == "1" ? "" : "s") fetched, not the history, "
                        + "and would repeat an earlier build's number; \(ShallowClone.fix)",
                    reason: .invalidSetting)
            }
            await context.log("build number \(number): the commit count of HEAD (git rev-list --count HEAD)")
            return number
        case .environment(let variable):
            // The engine's variable, read from the step's environment: an `env:` around it may set it.
            let engines = [context.ci.buildNumberVariable, "BUILD_NUMBER"].lazy.compactMap { context.environment[$0] }
            let value = variable.map { context.environment[$0] } ?? engines.first { !$0.isEmpty }
            guard let value, !value.isEmpty else {
                let which = variable.map { "'\($0)'" } ?? "the CI's build number (BUILD_NUMBER, GITHUB_RUN_NUMBER, BUILDKITE_BUILD_NUMBER)"
                throw StepFailure("'build_number: { from: env }': \(which) is not set", reason: .missingSetting)
            }
            guard let number = BuildNumber(value) else {
                throw StepFailure(
                    "'build_number: { from: env }': '\(value)' is not a build number (one to three integers separated by periods)",
                    reason: .invalidSetting)
            }
            await context.log(
                "build number \(number) from \(variable ?? context.ci.engine.map { "\($0)'s build number" } ?? "BUILD_NUMBER")")
            return number
        }
    }

    /// App Store Connect's platform for the archive's `-destination` (`generic/platform=iOS`).
    static func platform(destination: String) -> String { AppStoreConnectPlatform.of(destination: destination) }
}
