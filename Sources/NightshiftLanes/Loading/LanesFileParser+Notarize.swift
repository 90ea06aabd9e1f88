import NightshiftCore
import NightshiftSchema
import Yams

extension LanesFileParser {
    static let notarizeKeys = LanesKeys.notarize.names

    /// `notarize:` as a mapping; `- notarize` and `notarize: {}` take every default.
    func parseNotarize(_ node: Node) -> NotarizeSettings? {
        let location = reader.location(of: node)
        var settings = NotarizeSettings(location: location)
        if reader.isNull(node) { return settings }
        guard let pairs = reader.mapping(node, in: "notarize", known: Self.notarizeKeys) else { return nil }
        var pollNode: Node?
        for (key, _, value) in pairs {
            switch key {
            case "file":
                settings.file = reader.template(value, "notarize.file")
                checkWritten(settings.file, value, "notarize.file", NotarizeValues.fileProblem)
            case "endpoint":
                settings.endpoint = reader.template(value, "notarize.endpoint")
                checkWritten(settings.endpoint, value, "notarize.endpoint", NotarizeValues.endpointProblem)
            case "wait_timeout":
                guard let timeout = reader.duration(value, "notarize.wait_timeout") else { continue }
                guard timeout > .zero else {
                    bag.error(
                        "notarize.wait_timeout must be longer than zero, found \(reader.describe(value))", at: reader.location(of: value))
                    continue
                }
                settings.waitTimeout = timeout
            case "poll":
                guard let poll = reader.duration(value, "notarize.poll") else { continue }
                if poll < NotarizeSettings.shortestPoll {
                    bag.error(
                        "notarize.poll must be at least \(DurationFormatting.exact(NotarizeSettings.shortestPoll)), found \(reader.describe(value))",
                        at: reader.location(of: value))
                    continue
                }
                settings.poll = poll
                pollNode = value
            case "method":
                guard let word = reader.string(value, "notarize.method") else { continue }
                guard let method = NotarizeSettings.Method(rawValue: word) else {
                    let names = NotarizeSettings.Method.allCases.map(\.rawValue)
                    bag.error(
                        "notarize.method must be one of \(names.joined(separator: ", ")), found '\(word)'", at: reader.location(of: value),
                        notes: Suggestion.note(for: word, among: names))
                    continue
                }
                settings.method = method
            default: break
            }
        }
        // The default poll under a shorter wait_timeout: checked at the start and at its end.
        if pollNode == nil, settings.poll > settings.waitTimeout {
            settings.poll = max(settings.waitTimeout, NotarizeSettings.shortestPoll)
        }
        if let pollNode, settings.poll > settings.waitTimeout {
            bag.error(
                "notarize.poll (\(DurationFormatting.exact(settings.poll))) must not be longer than wait_timeout "
                    + "(\(DurationFormatting.exact(settings.waitTimeout))): the wait would end before a second check",
                at: reader.location(of: pollNode))
        }
        return settings
    }

    /// A value written out is checked here, by the rule the step applies once variables expand.
    private func checkWritten(_ template: Template?, _ node: Node, _ what: String, _ problem: (String) -> String?) {
        guard let template, template.references.isEmpty, let problem = problem(template.raw) else { return }
        bag.error("\(what) \(problem), found '\(template.raw)'", at: reader.location(of: node))
    }

    /// A `notarize:` without `file:` sends what the lane's last packaging step before it wrote;
    /// with none, the lane cannot say what to notarize, and loading fails here.
    func resolvingNotarizedFiles(_ steps: [Step], context: String) -> [Step] {
        var lastProduct: Template?
        return steps.map { step in
            if let product = step.kind.packagedProduct { lastProduct = product }
            guard case .notarize(var settings) = step.kind, settings.file == nil else { return step }
            guard let lastProduct else {
                bag.error(
                    "notarize in \(context) has no 'file:' and no packaging step before it to take one from", at: step.location,
                    notes: ["name the file, e.g. 'notarize: { file: build/App.dmg }', or package the app in an earlier step"])
                return step
            }
            settings.file = lastProduct
            settings.fileIsDefault = true
            var resolved = step
            resolved.kind = .notarize(settings)
            return resolved
        }
    }
}
