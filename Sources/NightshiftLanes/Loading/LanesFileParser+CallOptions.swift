import Foundation
import NightshiftCore
import NightshiftSystem
import Yams

/// `- lane: package-app` with `options: { track: internal }`: the called lane's options. They are
/// checked against its declarations once every lane is read, then set in the call's `env:` under
/// both names, with the called lane's defaults for the rest (`LanesFileParser+OptionVariables`).
extension LanesFileParser {
    func parseCallOptions(_ pair: (key: String, keyNode: Node, value: Node), kind: StepKind, context: String) -> [String: Template] {
        guard case .lane = kind else {
            bag.error(
                "'options' is for 'lane:' calls, not '\(kind.keyword)' steps", at: reader.location(of: pair.keyNode),
                notes: ["a step's own variables go under 'env:'"])
            return [:]
        }
        return reader.templateMap(pair.value, "options of a 'lane:' call in \(context)") ?? [:]
    }

    /// Every `lane:` call, given its callee's option variables.
    func withCallOptions(_ lanes: [Lane]) -> [Lane] {
        let byName = Dictionary(lanes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return lanes.map { lane in
            var lane = lane
            lane.steps = lane.steps.map { step in
                guard case .lane(let name) = step.kind, let callee = byName[name] else { return step }
                return withCallOptions(readingOptions(of: lane, in: step), calling: callee)
            }
            return lane
        }
    }

    /// A call's values are expanded before the caller's `env:` applies, so `${build}` there
    /// reads the caller's option from its variable, `${NIGHTSHIFT_OPTION_BUILD}`, which the run
    /// sets. (A lane that is itself called gets its options from its caller's `env:`: a call
    /// inside it passes literal values or `${NIGHTSHIFT_OPTION_*}` names of the run lane.)
    private func readingOptions(of caller: Lane, in step: Step) -> Step {
        var step = step
        step.options.laneOptions = step.options.laneOptions.mapValues { template in
            var text = template.raw
            for option in caller.options {
                text = text.replacingOccurrences(of: "${\(option.name)}", with: "${\(option.variableName)}")
                    .replacingOccurrences(of: "${\(option.name):-", with: "${\(option.variableName):-")
            }
            return text == template.raw ? template : Template(text, at: template.location)
        }
        return step
    }

    private func withCallOptions(_ step: Step, calling callee: Lane) -> Step {
        var step = step
        let given = step.options.laneOptions
        checkCallOptions(given, calling: callee, at: step.location)
        for option in callee.options {
            let value = given[option.name] ?? option.defaultValue ?? Template(option.implicitValue)
            for name in [option.name, option.variableName] {
                if let clash = step.options.environment[name] {
                    bag.error(
                        "env \(name) of a 'lane: \(callee.name)' call is option '\(option.name)' of that lane",
                        at: clash.location ?? step.location, notes: ["give it under 'options:' instead"])
                }
                step.options.environment[name] = value
            }
        }
        return step
    }

    /// Written-out values are checked now; a `${VAR}` is the run's to expand.
    private func checkCallOptions(_ given: [String: Template], calling callee: Lane, at location: SourceLocation?) {
        let literal = given.filter { $0.value.references.isEmpty }
        let pairs = given.keys.sorted().map { (name: $0, value: literal[$0]?.raw ?? "") }
        let locations = given.compactMapValues(\.location)
        var declared = callee
        // A templated value stands in for any value: only its name is checked.
        declared.options = callee.options.map { option in
            guard let template = given[option.name], !template.references.isEmpty else { return option }
            var option = option
            option.kind = .string
            option.pattern = nil
            return option
        }
        let resolution = LaneOptionValues.resolve(
            pairs, for: declared, in: [:], source: "the 'lane: \(callee.name)' call", locations: locations, at: location,
            checkingDefaults: false)
        guard case .failure(let problems) = resolution else { return }
        for problem in problems.diagnostics { bag.append(problem) }
    }
}
