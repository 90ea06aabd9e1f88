import NightshiftCore
import Yams

extension LanesFileParser {
    static let notarizeKeys = ["file", "wait_timeout", "poll", "endpoint", "method"]

    /// `notarize:` as a mapping; `- notarize` and `notarize: {}` take every default.
    func parseNotarize(_ node: Node) -> NotarizeSettings? {
        let location = reader.location(of: node)
        var settings = NotarizeSettings(location: location)
        if reader.isNull(node) { return settings }
        guard let pairs = reader.mapping(node, in: "notarize", known: Self.notarizeKeys) else { return nil }
        for (key, _, value) in pairs {
            switch key {
            case "file": settings.file = reader.template(value, "notarize.file")
            case "endpoint": settings.endpoint = reader.template(value, "notarize.endpoint")
            case "wait_timeout":
                settings.waitTimeout = reader.duration(value, "notarize.wait_timeout") ?? NotarizeSettings.defaultWaitTimeout
            case "poll":
                guard let poll = reader.duration(value, "notarize.poll") else { continue }
                if poll < NotarizeSettings.shortestPoll {
                    bag.error(
                        "notarize.poll must be at least \(DurationFormatting.exact(NotarizeSettings.shortestPoll)), found \(reader.describe(value))",
                        at: reader.location(of: value))
                    continue
                }
                settings.poll = poll
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
        return settings
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
