public import NightshiftSystem
extension LanesFile {
    /// Every value a run must hide: the secret variables of `environment`, and the values that
    /// lanes.yml itself gives secret-named variables in a lane's or step's `env:`
    /// (`env: { DEPLOY_TOKEN: "…" }` reaches the steps without ever being in the process
    /// environment, so the environment alone would miss it).
    public func secretValues(in environment: EnvironmentVariables) -> [String] {
        let policy = secretPolicy
        var values = Set(policy.secretValues(in: environment))
        func add(_ variables: [String: Template]) {
            for (name, template) in variables where policy.isSecret(name) {
                let value = template.expand(in: environment)
                if value.utf8.count >= SecretPolicy.minimumLength { values.insert(value) }
            }
        }
        for lane in lanes {
            add(lane.environment)
            for step in lane.steps { add(step.options.environment) }
        }
        return values.sorted()
    }

    /// The masker for a run of this file in `environment`.
    public func masker(in environment: EnvironmentVariables) -> SecretMasker {
        SecretMasker(secrets: secretValues(in: environment))
    }
}
