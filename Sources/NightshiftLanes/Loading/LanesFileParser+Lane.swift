import NightshiftCore
import Yams

extension LanesFileParser {
    static let laneKeys = LanesKeys.lane.names
    static let jenkinsKeys = LanesKeys.jenkins.names

    /// A lane's name is a folder name (`runs/<lane>/`), a file name (`locks/<lane>.lock`,
    /// `Jenkinsfile.<lane>`) and a word on the command line, so it must be one safe path component.
    static func laneNameProblem(_ name: String) -> String? {
        if name.isEmpty || name.contains(where: { $0.isWhitespace || $0 == "/" }) { return "must not be empty or contain spaces or '/'" }
        if name == "." || name == ".." { return "must not be '.' or '..': it names a folder of its own" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "must not contain control characters"
        }
        // NAME_MAX is 255 bytes on both platforms; `Jenkinsfile.` and `.lock` need room too.
        if name.utf8.count > 200 { return "is longer than 200 bytes" }
        return nil
    }

    func parseLanes(_ node: Node) -> [Lane] {
        guard let pairs = reader.mapping(node, in: "lanes", known: []) else { return [] }
        if pairs.isEmpty { bag.error("'lanes' has no lanes", at: reader.location(of: node)) }
        return pairs.compactMap { parseLane(named: $0.key, $0.value, keyNode: $0.keyNode) }
    }

    private func parseLane(named name: String, _ node: Node, keyNode: Node) -> Lane? {
        let context = "lane '\(name)'"
        if let problem = Self.laneNameProblem(name) {
            // Escaped: a control character would act on the terminal that shows the error.
            let shown = name.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }
                .joined()
            bag.error("lane name '\(shown)' \(problem)", at: reader.location(of: keyNode))
        }
        guard let pairs = reader.mapping(node, in: context, known: Self.laneKeys) else { return nil }
        require(LanesKeys.lane.requiredNames, in: pairs, of: node, context: context, known: Self.laneKeys)
        var lane = Lane(name: name, location: reader.location(of: keyNode))
        for (key, _, value) in pairs {
            switch key {
            case "description": lane.description = reader.string(value, "\(context).description")
            case "configuration":
                lane.configuration = reader.string(value, "\(context).configuration")
                lane.configurationLocation = reader.location(of: value)
            case "schedule": lane.schedule = parseSchedule(value, lane: name, context: "\(context).schedule")
            case "env": lane.environment = reader.templateMap(value, "\(context).env") ?? [:]
            case "timeout": lane.timeout = reader.duration(value, "\(context).timeout")
            case "cleanup_timeout": lane.cleanupTimeout = reader.duration(value, "\(context).cleanup_timeout")
            case "steps": lane.steps = parseSteps(value, context: context)
            case "jenkins": lane.jenkins = parseJenkins(value, context: "\(context).jenkins")
            case "github": lane.github = parseGitHub(value, context: "\(context).github")
            case "buildkite": lane.buildkite = parseBuildkite(value, context: "\(context).buildkite")
            case "options": lane.options = parseLaneOptions(value, context: context)
            case "locks": lane.locks = parseLockNames(value, context: "\(context).locks")
            case "notify": lane.notify = parseNotify(value, context: "\(context).notify")
            case "xcode": lane.xcode = parseXcode(value, "\(context).xcode")
            case "cache": lane.cache = parseCache(value, "\(context).cache")
            default: break
            }
        }
        return withOptionVariables(lane)
    }

    private func parseSteps(_ node: Node, context: String) -> [Step] {
        guard case .sequence(let items) = node else {
            bag.error("steps of \(context) must be a list, found \(reader.kind(of: node))", at: reader.location(of: node))
            return []
        }
        if items.isEmpty { bag.warning("\(context) has no steps", at: reader.location(of: node)) }
        return resolvingNotarizedFiles(items.compactMap { parseStep($0, context: context) }, context: context)
    }

    private func parseJenkins(_ node: Node, context: String) -> JenkinsSettings {
        var settings = JenkinsSettings()
        guard let pairs = reader.mapping(node, in: context, known: Self.jenkinsKeys) else { return settings }
        for (key, _, value) in pairs {
            switch key {
            case "agent": settings.agent = reader.string(value, "\(context).agent")
            case "setup": settings.setup = reader.string(value, "\(context).setup")
            case "timestamps": settings.timestamps = reader.bool(value, "\(context).timestamps") ?? false
            case "credentials":
                let map = reader.templateMap(value, "\(context).credentials") ?? [:]
                settings.credentials = map.mapValues(\.raw)
            default: break
            }
        }
        return settings
    }
}
