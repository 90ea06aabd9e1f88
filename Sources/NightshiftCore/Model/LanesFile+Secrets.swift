public import NightshiftSystem
extension LanesFile {
    /// Every value a run must hide: the secret variables of `environment`, and the values that
    /// lanes.yml itself gives secret-named variables in a lane's or step's `env:`
    /// (`env: { DEPLOY_TOKEN: "…" }` reaches the steps without ever being in the process
    /// environment, so the environment alone would miss it).
    public func secretValues(in environment: EnvironmentVariables) -> [String] {
        Set(namedSecretValues(in: environment).map(\.value)).filter(MaskingLimit.isMaskable).sorted()
    }

    /// One warning per secret too short or too blank to be masked safely, naming it; printed once
    /// per run, before it starts.
    public func maskingWarnings(in environment: EnvironmentVariables) -> [Diagnostic] {
        var warned: Set<String> = []
        return namedSecretValues(in: environment).compactMap { secret in
            guard let warning = MaskingLimit.warning(for: secret), warned.insert(warning.message).inserted else { return nil }
            return warning
        }
    }

    /// The masker for a run of this file in `environment`.
    public func masker(in environment: EnvironmentVariables) -> SecretMasker {
        SecretMasker(secrets: secretValues(in: environment))
    }

    private func namedSecretValues(in environment: EnvironmentVariables) -> [NamedSecret] {
        let policy = secretPolicy
        var secrets = policy.namedSecretValues(in: environment)
        func add(_ variables: [String: Template]) {
            for (name, template) in variables.sorted(by: { $0.key < $1.key }) where policy.isSecret(name) {
                secrets.append(NamedSecret(name: name, value: template.expand(in: environment)))
            }
        }
        for lane in lanes {
            add(lane.environment)
            for step in lane.steps { add(step.options.environment) }
        }
        return secrets
    }
}
