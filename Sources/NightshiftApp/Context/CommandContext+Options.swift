import NightshiftCore
import NightshiftEngine
import NightshiftSystem

extension CommandContext {
    /// The value of a secret option (`secret: true`, or named like a secret), given, from the
    /// environment or defaulted, is masked from here on like any secret: the command's `RunSecrets`,
    /// which the console and the run share, learns it before anything is printed about the run. Options that do not resolve are the session's to report.
    func maskSecretOptions(of invocations: [LaneInvocation], in file: LanesFile, environment: EnvironmentVariables) {
        var secrets: [String] = []
        for invocation in invocations {
            guard let lane = file.lane(named: invocation.lane), lane.options.contains(where: \.isSecret) else { continue }
            let given = invocation.options.map { (name: $0.name, value: $0.value) }
            let secretNames = Set(lane.options.filter(\.isSecret).map(\.name))
            switch LaneOptionValues.resolve(given, for: lane, in: environment) {
            case .success(let values): secrets += values.secretValues
            // Unresolved: still hide what was given, since the errors about it are printed next.
            case .failure:
                secrets += given.filter { secretNames.contains($0.name) }.map(\.value)
                secrets += lane.options.compactMap { LaneOptionValues.environmentValue(of: $0, in: environment) }
            }
        }
        self.secrets.learn(secrets)
    }
}
