import Yams

extension LanesFileParser {
    func parseOptions(_ pairs: [(key: String, keyNode: Node, value: Node)], context: String) -> StepOptions {
        var options = StepOptions()
        for (key, _, value) in pairs {
            switch key {
            case "name": options.name = reader.string(value, "name")
            case "env": options.environment = reader.templateMap(value, "env") ?? [:]
            case "timeout": options.timeout = reader.duration(value, "timeout")
            case "no_output_timeout": options.noOutputTimeout = reader.duration(value, "no_output_timeout")
            case "retry": options.retry = parseRetry(value) ?? .none
            case "if": options.condition = parseCondition(value)
            case "always": options.always = reader.bool(value, "always") ?? false
            case "continue_on_error": options.continueOnError = reader.bool(value, "continue_on_error") ?? false
            default: break
            }
        }
        return options
    }

    private func parseRetry(_ node: Node) -> RetryPolicy? {
        if case .scalar = node { return reader.integer(node, "retry").map { RetryPolicy(times: $0) } }
        guard let pairs = reader.mapping(node, in: "retry", known: Self.retryKeys) else { return nil }
        require(["times"], in: pairs, of: node, context: "retry")
        var policy = RetryPolicy(times: 0)
        for (key, _, value) in pairs {
            switch key {
            case "times": policy.times = reader.integer(value, "retry.times") ?? 0
            case "delay": policy.delay = reader.duration(value, "retry.delay") ?? .zero
            case "backoff":
                if case .scalar(let scalar) = value, let factor = Double(scalar.string), factor >= 1 {
                    policy.backoff = factor
                } else {
                    bag.error("retry.backoff must be a number of at least 1, found \(reader.kind(of: value))", at: reader.location(of: value))
                }
            default: break
            }
        }
        return policy
    }

    private func parseCondition(_ node: Node) -> Condition? {
        guard let text = reader.string(node, "if") else { return nil }
        do {
            return try ConditionParser.parse(text, at: reader.location(of: node))
        } catch {
            bag.error("if: \(error.message)", at: reader.location(of: node))
            return nil
        }
    }
}
