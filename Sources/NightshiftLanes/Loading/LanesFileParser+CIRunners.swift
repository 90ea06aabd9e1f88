import NightshiftCore
import Yams

/// `github: { runs_on: [self-hosted, macOS, xcode16], setup: "…" }` and
/// `buildkite: { queue: macos, setup: "…" }`: where the exported workflow or pipeline runs the
/// lane. A value the engine would refuse, or read as something else, is a located error now.
extension LanesFileParser {
    static let gitHubKeys = LanesKeys.github.names
    static let buildkiteKeys = LanesKeys.buildkite.names

    func parseGitHub(_ node: Node, context: String) -> GitHubSettings {
        var settings = GitHubSettings()
        guard let pairs = reader.mapping(node, in: context, known: Self.gitHubKeys) else { return settings }
        for (key, _, value) in pairs {
            switch key {
            case "runs_on":
                guard let labels = reader.stringList(value, "\(context).runs_on") else { continue }
                if labels.isEmpty { bag.error("\(context).runs_on must name at least one runner label", at: reader.location(of: value)) }
                for (label, item) in labels {
                    if let problem = Self.runnerLabelProblem(label) {
                        bag.error("runner label '\(label)' \(problem)", at: reader.location(of: item))
                    }
                }
                settings.runsOn = labels.map(\.0)
            case "setup":
                if case .mapping = value {
                    settings.install = parseInstall(value, context: "\(context).setup")
                } else {
                    settings.setup = setupLine(value, "\(context).setup")
                }
            default: break
            }
        }
        return settings
    }

    /// `{ brew: owner/repo }`, `{ release: https://… }` or `{ path: /… }`: one of them, checked
    /// as the job would use it.
    private func parseInstall(_ node: Node, context: String) -> NightshiftInstall? {
        guard let pairs = reader.mapping(node, in: context, known: LanesKeys.nightshiftInstall.names) else { return nil }
        guard pairs.count == 1, let (key, _, value) = pairs.first else {
            bag.error(
                "\(context) must name one way to get nightshift: brew, release or path, found \(pairs.count)", at: reader.location(of: node)
            )
            return nil
        }
        guard let text = reader.string(value, "\(context).\(key)") else { return nil }
        let problem: String?
        let install: NightshiftInstall
        switch key {
        case "brew":
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            let valid =
                parts.count == 2
                && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) } }
            problem = valid ? nil : "must be a Homebrew tap, owner/repo (the job installs owner/repo/nightshift)"
            install = .homebrew(tap: text)
        case "release":
            let valid = text.hasPrefix("https://") && !text.contains(where: { $0.isWhitespace || $0 == "'" })
            problem = valid ? nil : "must be an https URL without blanks or quotes"
            install = .release(url: text)
        default:
            problem = text.hasPrefix("/") && !text.contains("\n") ? nil : "must be an absolute path"
            install = .path(text)
        }
        if let problem {
            bag.error("\(context).\(key) \(problem), found '\(text)'", at: reader.location(of: value))
            return nil
        }
        return install
    }

    func parseBuildkite(_ node: Node, context: String) -> BuildkiteSettings {
        var settings = BuildkiteSettings()
        guard let pairs = reader.mapping(node, in: context, known: Self.buildkiteKeys) else { return settings }
        for (key, _, value) in pairs {
            switch key {
            case "queue":
                guard let queue = reader.string(value, "\(context).queue") else { continue }
                if let problem = Self.queueProblem(queue) {
                    bag.error("\(context).queue '\(queue)' \(problem)", at: reader.location(of: value))
                }
                settings.queue = queue
            case "setup": settings.setup = setupLine(value, "\(context).setup")
            default: break
            }
        }
        return settings
    }

    /// GitHub matches labels case-insensitively and splits none; a comma would read as two in
    /// the settings page, a blank at either end is dropped, and a control character cannot be typed.
    static func runnerLabelProblem(_ label: String) -> String? {
        if label.isEmpty || label.utf8.count > 100 { return "must be 1 to 100 characters long" }
        if label.first!.isWhitespace || label.last!.isWhitespace { return "must not start or end with a blank" }
        if label.contains(",") { return "must not contain ','" }
        if label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "must not contain control characters"
        }
        return nil
    }

    /// A queue is an agent tag's value (`queue=macos`): letters, digits, `-`, `_`, `.`.
    static func queueProblem(_ queue: String) -> String? {
        if queue.isEmpty || queue.utf8.count > 100 { return "must be 1 to 100 characters long" }
        let allowed = queue.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
        }
        return allowed ? nil : "may hold only letters, digits, '-', '_' and '.'"
    }

    /// A shell command: blank, it would install nothing and the run would find no nightshift.
    private func setupLine(_ node: Node, _ what: String) -> String? {
        guard let line = reader.string(node, what) else { return nil }
        if line.allSatisfy(\.isWhitespace) {
            bag.error("\(what) must be a shell command, found an empty string", at: reader.location(of: node))
            return nil
        }
        return line
    }
}
