import NightshiftCore
public import NightshiftAppStore
import NightshiftLanes
import NightshiftServices
import NightshiftSystem

/// `nightshift appstore status [LANE]`, `appstore release LANE`, `appstore phased pause|resume|complete LANE`:
/// after a `release:` step, the App Store side of the lane's app on its platform, with the key
/// and endpoint the step uses (the `APP_STORE_CONNECT_API_KEY_*` variables, the step's
/// `endpoint:` or `APP_STORE_CONNECT_ENDPOINT`).
public struct ManageAppStore: LanesFileCommand {
    public enum Action: Sendable, Hashable {
        case status
        case release
        case phased(AppStoreReleaseControl.PhasedAction)

        /// `pause`, `resume` or `complete`.
        public static func phased(named word: String) -> Action? {
            AppStoreReleaseControl.PhasedAction(rawValue: word).map(Action.phased)
        }
    }

    public var global: LanesFileOptions
    public var lane: String?
    public var action: Action
    /// `status LANE --notify`: tell the lane's `notify:` what moved since the last check.
    public var notify: Bool

    public init(global: LanesFileOptions, lane: String?, action: Action, notify: Bool = false) {
        self.global = global
        self.lane = lane
        self.action = action
        self.notify = notify
    }

    /// 0 when done; 1 when App Store Connect refused or holds no version in the state the action needs.
    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        let variables = try context.loadEnvironment()
        let targets = try Self.targets(file, lane: lane, environment: variables)
        let watch = try notify ? AppStoreStatusWatch(file: file, lane: lane, action: action, context: context) : nil
        do {
            for target in targets {
                let output = context.output
                let client = try AppStoreReleaseSession.client(
                    endpoint: target.endpoint, environment: variables, transport: context.environment.makeTransport(), clock: context.clock,
                    secrets: context.secrets, log: { line in output.err(line + "\n") })
                let control = AppStoreReleaseControl(client: client, bundleID: target.bundleID, platform: target.platform)
                switch action {
                case .status:
                    let status = try await control.snapshot()
                    context.output.out(status.lines.joined(separator: "\n") + "\n")
                    await watch?.compare(status, environment: variables)
                case .release: context.output.out(try await control.release() + "\n")
                case .phased(let phased): context.output.out(try await control.phased(phased) + "\n")
                }
            }
        } catch let error as AppStoreConnectError {
            throw CommandFailure("App Store Connect: \(error.message)", status: ExitStatus.failed)
        } catch let error as AppStoreConnectEndpointError {
            throw CommandFailure.usage(error.message)
        }
        return ExitStatus.success
    }

    struct Target {
        var bundleID: String
        var platform: String
        var endpoint: String?
    }

    /// The lane's configuration (its `release:` step's endpoint), else every configuration.
    static func targets(_ file: LanesFile, lane name: String?, environment: EnvironmentVariables) throws -> [Target] {
        var configurations = file.configurations
        var endpoint: String?
        if let name {
            guard let lane = file.lane(named: name) else {
                throw CommandFailure.usage(
                    "no lane '\(name)' in \(file.path)"
                        + (Suggestion.closest(to: name, among: file.lanes.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""))
            }
            guard let configuration = lane.configuration else {
                throw CommandFailure.usage("lane '\(name)' names no configuration: its app_identifier says which app to look at")
            }
            configurations = configurations.filter { $0.name == configuration }
            for step in lane.steps {
                if case .release(let settings) = step.kind, let written = settings.endpoint { endpoint = written.expand(in: environment) }
            }
        }
        guard !configurations.isEmpty else {
            throw CommandFailure.usage("\(file.path) has no configuration to read an app_identifier from")
        }
        let destination = file.project?.destination?.expand(in: environment)
        return configurations.map { configuration in
            let method = configuration.exportMethod.expand(in: environment)
            let written = destination.flatMap { $0.isEmpty ? nil : $0 } ?? ExportedBundle(method: method).defaultDestination
            return Target(
                bundleID: configuration.appIdentifier.expand(in: environment), platform: AppStoreConnectPlatform.of(destination: written),
                endpoint: endpoint)
        }
    }
}
