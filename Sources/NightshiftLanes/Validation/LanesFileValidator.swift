import NightshiftCore
import NightshiftSchema
/// Checks what parsing alone cannot: references between parts of the file.
struct LanesFileValidator {
    let file: LanesFile
    let bag: DiagnosticBag
    private let suggestions = SuggestionBudget(suggestions: 20)
    /// A note lists the configurations only when they fit on a line.
    private static let configurationsListed = 10

    func validate() {
        let graph = LaneCallGraph(file: file)
        checkDuplicateNames()
        checkPrivateKeyNames()
        let configurations = Set(file.configurations.map(\.name))
        for lane in file.lanes {
            checkConfiguration(of: lane, known: configurations)
            for step in lane.steps { check(step, in: lane, graph: graph) }
        }
        let cycles = graph.cycles()
        cycles.forEach { cycle in
            bag.error("lane calls form a cycle: \(cycle.names.joined(separator: " -> "))", at: cycle.location)
        }
        if cycles.isEmpty {
            checkCallDepth(graph: graph)
            checkConfigurationsInForce(graph: graph)
            checkProjectForBuilds(graph: graph)
            checkUploadedBuilds(graph: graph)
            let calledLanes = graph.calledLanes()
            PackageContainerCheck(graph: graph).problems(running: file.lanes.filter { !calledLanes.contains($0.name) }).forEach(bag.append)
            checkSigningSyncOrder(graph: graph)
        }
    }

    /// Running a lane, and working out what it needs, recurse once per nested call: a chain of
    /// 20,000 calls overflowed the stack. Reported once, at the first lane too deep.
    private func checkCallDepth(graph: LaneCallGraph) {
        let depths = graph.callDepths()
        let limit = InputLimits.deepestNesting
        guard let lane = file.lanes.first(where: { depths[$0.name, default: 0] > limit }) else { return }
        bag.error(
            "lane '\(lane.name)' calls lanes \(depths[lane.name, default: 0]) deep; 'lane:' calls nest at most \(limit) deep",
            at: lane.location)
    }

    /// A lane that no other lane calls is run by itself, so its signing steps need a
    /// configuration of its own or of the lanes it calls. A called lane may rely on its callers'.
    private func checkConfigurationsInForce(graph: LaneCallGraph) {
        let calledLanes = graph.calledLanes()
        for lane in file.lanes where !calledLanes.contains(lane.name) {
            graph.configurationProblems(of: lane).forEach(bag.append)
        }
    }

    /// A file without `project:` is fine until a lane builds: each lane run by itself gets one
    /// error, at the first step that needs the project, its called lanes' steps included.
    private func checkProjectForBuilds(graph: LaneCallGraph) {
        guard file.project == nil else { return }
        let calledLanes = graph.calledLanes()
        var reported: Set<SourceLocation?> = []
        for lane in file.lanes where !calledLanes.contains(lane.name) {
            var first: Step?
            graph.visitSteps(reachableFrom: lane) { walked in
                if first == nil, walked.step.kind.needsProject { first = walked.step }
            }
            guard let step = first, reported.insert(step.location).inserted else { continue }
            bag.error(
                "'\(step.kind.keyword)' needs 'project:', and the file has none", at: step.location,
                notes: ["name what to build: 'project: { name: App, workspace: App.xcworkspace, scheme: App }'"])
        }
    }

    /// Export methods written out; those read from variables are checked when a lane runs.
    private func checkUploadedBuilds(graph: LaneCallGraph) {
        let calledLanes = graph.calledLanes()
        let check = UploadedBuildCheck(file: file, graph: graph) { configuration in
            configuration.exportMethod.references.isEmpty ? configuration.exportMethod.raw : nil
        }
        check.problems(running: file.lanes.filter { !calledLanes.contains($0.name) }).forEach(bag.append)
    }

    private func checkDuplicateNames() {
        var seen: Set<String> = []
        for name in file.secrets where !seen.insert(name).inserted {
            bag.warning("secret '\(name)' is listed twice", at: nil)
        }
    }

    private func checkConfiguration(of lane: Lane, known: Set<String>) {
        guard let name = lane.configuration, !known.contains(name) else { return }
        var notes = suggestions.note(for: name, among: file.configurations.map(\.name))
        if notes.isEmpty, file.configurations.count <= Self.configurationsListed {
            let names = file.configurations.map(\.name)
            notes = names.isEmpty ? ["the file defines no configurations"] : ["configurations: \(names.joined(separator: ", "))"]
        }
        bag.error(
            "lane '\(lane.name)' names configuration '\(name)', which does not exist",
            at: lane.configurationLocation ?? lane.location, notes: notes)
    }

    private func check(_ step: Step, in lane: Lane, graph: LaneCallGraph) {
        switch step.kind {
        case .lane(let callee) where graph.lane(named: callee) == nil:
            bag.error(
                "step calls lane '\(callee)', which does not exist", at: step.location,
                notes: suggestions.note(for: callee, among: file.lanes.map(\.name)))
        case .upload(let target):
            check(target)
        case let kind where kind.needsSigning:
            if file.codesigning == nil {
                bag.error("'\(kind.keyword)' needs a 'codesigning:' section in the file", at: step.location)
            }
            if [StepKeyword.package, .archive].contains(kind.keyword), let project = file.project, project.scheme == nil {
                bag.error("'\(kind.keyword)' needs 'project.scheme'", at: step.location)
            }
        default:
            break
        }
    }

    private func check(_ target: UploadTarget) {
        guard !target.destinationName.isEmpty else { return }
        guard let destination = target.destination else {
            let names = UploadDestination.allCases.map(\.rawValue)
            bag.error(
                "unknown upload destination '\(target.destinationName)'", at: target.location,
                notes: Suggestion.note(for: target.destinationName, among: names) + ["destinations: \(UploadDestination.listed)"])
            return
        }
        let known = destination.requiredKeys.union(destination.optionalKeys).sorted()
        var suggested: Set<String> = []
        for key in target.parameters.keys.sorted() where !known.contains(key) {
            let suggestion = Suggestion.closest(to: key, among: known)
            if let suggestion { suggested.insert(suggestion) }
            bag.error(
                "unknown key '\(key)' for upload to \(destination)", at: target.parameterLocations[key] ?? target.location,
                notes: suggestion.map { ["did you mean '\($0)'?"] } ?? [])
        }
        // A misspelt required key is reported once, as unknown with its did-you-mean.
        for key in destination.requiredKeys.sorted() where target.parameters[key] == nil && !suggested.contains(key) {
            bag.error("upload to \(destination) needs '\(key)'", at: target.location)
        }
        checkWrittenValues(of: target, to: destination)
        checkReleaseNotes(of: target)
        for choice in destination.exclusiveChoices {
            let given = choice.filter { target.parameters[$0] != nil }.sorted()
            if given.count > 1 {
                bag.error("upload to \(destination) takes one of \(given.joined(separator: " or ")), not both", at: target.location)
            }
        }
    }

    /// Values written out are decoded now by their keys' own decoders, as the upload would:
    /// `attempts:` and `backoff:` bounded like a step's `retry:`, a URL, a method, a platform, a
    /// Firebase app id. Values read from variables are decoded when the upload runs.
    private func checkWrittenValues(of target: UploadTarget, to destination: UploadDestination) {
        let checks = destination.valueChecks
        for key in target.parameters.keys.sorted() {
            guard case .scalar(let value)? = target.parameters[key], value.references.isEmpty,
                let problem = checks[key]?(value.raw)
            else { continue }
            bag.error("upload to \(destination): \(problem)", at: target.parameterLocations[key] ?? target.location)
        }
    }
}
