import NightshiftCore
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
            case "locks": options.locks = parseLockNames(value, context: "locks of a step in \(context)")
            default: break
            }
        }
        return options
    }

    private func parseRetry(_ node: Node) -> RetryPolicy? {
        if case .scalar = node { return reader.integer(node, "retry", maximum: InputLimits.mostRetries).map { RetryPolicy(times: $0) } }
        guard let pairs = reader.mapping(node, in: "retry", known: Self.retryKeys) else { return nil }
        require(LanesKeys.retry.requiredNames, in: pairs, of: node, context: "retry", known: Self.retryKeys)
        var policy = RetryPolicy(times: 0)
        for (key, _, value) in pairs {
            switch key {
            case "times": policy.times = reader.integer(value, "retry.times", maximum: InputLimits.mostRetries) ?? 0
            case "delay": policy.delay = reader.duration(value, "retry.delay") ?? .zero
            case "backoff": policy.backoff = parseBackoff(value) ?? 1
            default: break
            }
        }
        return policy
    }

    /// A finite factor in `InputLimits.backoffFactors` (`1e30`, `inf` and `nan` are refused).
    private func parseBackoff(_ node: Node) -> Double? {
        let factors = InputLimits.backoffFactors
        if case .scalar(let scalar) = node, let factor = Double(scalar.string), factors.contains(factor) { return factor }
        bag.error(
            "retry.backoff must be a number from \(Int(factors.lowerBound)) to \(Int(factors.upperBound)), found \(reader.kind(of: node))",
            at: reader.location(of: node))
        return nil
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
