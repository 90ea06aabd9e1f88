import NightshiftCore
/// Walks a lane, its `lane:` calls and its configuration, recording each `${VAR}` reference that
/// nothing inside the lane provides. Each lane is visited once, which also stops `lane:` cycles
/// (the validator reports those).
struct RequirementCollector {
    let graph: LaneCallGraph
    var file: LanesFile { graph.file }
    /// Whether any visited step signs, builds or exports.
    private(set) var signs = false
    private var order: [String] = []
    private var usages: [String: [RequiredVariable.Usage]] = [:]
    /// Per name, the alternatives every usage so far allows.
    private var alternatives: [String: [String]] = [:]
    private var visitedConfigurations: Set<String> = []
    /// Names some usage needs a value of, not merely set (`RequiredVariable.needsValue`).
    private var needingValue: Set<String> = []

    init(graph: LaneCallGraph) {
        self.graph = graph
    }

    var variables: [RequiredVariable] {
        order.sorted().map {
            RequiredVariable(
                name: $0, usages: usages[$0] ?? [], alternatives: alternatives[$0] ?? [], needsValue: needingValue.contains($0))
        }
    }

    /// Walks `lane` and the lanes it calls, each lane once: what a lane needs does not depend
    /// on who calls it, only on what its callers' `env:` already sets.
    mutating func visit(_ lane: Lane) {
        var walk = LaneWalk(graph, from: lane, revisits: .never)
        while let event = walk.next() {
            switch event {
            case .entered(let frame): visit(frame)
            case .step(let walked): visit(walked)
            case .left: break
            }
        }
    }

    private mutating func visit(_ frame: LaneFrame) {
        let lane = frame.lane
        for key in lane.environment.keys.sorted() {
            collect(
                lane.environment[key], place: "env \(key) of lane '\(lane.name)'", lane: lane.name, fallback: lane.location,
                provided: Set(frame.inherited.keys))
        }
        if let configuration = frame.configurationName { visitConfiguration(named: configuration) }
    }

    private mutating func visit(_ walked: WalkedStep) {
        let (step, lane) = (walked.step, walked.lane)
        let place = "step '\(step.displayName)' of lane '\(lane.name)'"
        let environment = step.options.environment
        let provided = Set(walked.frame.environment.keys)
        for key in environment.keys.sorted() {
            collect(environment[key], place: "env \(key) of \(place)", lane: lane.name, fallback: step.location, provided: provided)
        }
        let stepProvided = walked.providedNames
        // `if:` conditions are not read: an unset variable there is a legitimate "no" (`if: ${TAG}`).
        signs = signs || step.kind.needsSigning
        switch step.kind {
        case .sh(let script):
            for (name, location) in script.neededReferences {
                record(
                    Interpolation.Reference(name: name, hasDefault: false), at: location ?? step.location, place: place,
                    lane: lane.name, provided: stepProvided)
            }
        case .upload(let target):
            for key in target.parameters.keys.sorted() {
                for template in target.parameters[key]?.templates ?? [] {
                    collect(template, place: "\(key): of \(place)", lane: lane.name, fallback: step.location, provided: stepProvided)
                }
            }
        case .test(let settings):
            for (key, template) in settings.keyedTemplates {
                collect(template, place: "test.\(key) of \(place)", lane: lane.name, fallback: step.location, provided: stepProvided)
            }
        case .archive(let settings):
            for (key, template) in settings.keyedTemplates + settings.requiredTemplates {
                collect(template, place: "archive.\(key) of \(place)", lane: lane.name, fallback: step.location, provided: stepProvided)
            }
        case .packageInto(let container):
            collect(
                container.path, place: "package.\(container.format.rawValue) of \(place)", lane: lane.name, fallback: step.location,
                provided: stepProvided)
        case .notarize(let settings):
            for (key, template) in settings.keyedTemplates {
                collect(
                    template, place: "notarize.\(key) of \(place)", lane: lane.name, fallback: step.location, provided: stepProvided,
                    needsValue: NotarizeSettings.credentialKeys.contains(key))
            }
        case .release(let settings):
            for (key, template) in settings.keyedTemplates {
                collect(
                    template, place: "release.\(key) of \(place)", lane: lane.name, fallback: step.location, provided: stepProvided,
                    needsValue: NotarizeSettings.credentialKeys.contains(key))
            }
        case .package, .importCertificate, .installProfile, .export, .lane, .signingSync:
            break
        }
    }

    private mutating func visitConfiguration(named name: String) {
        guard let configuration = file.configuration(named: name),
            visitedConfigurations.insert(name).inserted
        else { return }
        for (key, template) in configuration.keyedTemplates {
            collect(template, place: "configurations.\(name).\(key)", fallback: configuration.location, provided: [])
        }
    }

    mutating func collectSigningTemplates() {
        if let codesigning = file.codesigning {
            for (key, template) in codesigning.keyedTemplates {
                collect(template, place: "codesigning.\(key)", fallback: nil, provided: [])
            }
            // Checked by the run's signing preflight too, but only after the lane starts.
            for template in codesigning.appStoreConnectKeyTemplates {
                collect(template, place: "codesigning.from: appstoreconnect (its API key)", fallback: nil, provided: [], needsValue: true)
            }
        }
        for (key, template) in file.project?.keyedTemplates ?? [] {
            collect(template, place: "project.\(key)", fallback: nil, provided: [])
        }
    }

    /// The `notify:` URLs a run of `lane` posts to: expanded in the run's environment after the
    /// lane ends, so no `env:` of the lane provides them. Those of a lane it calls are not used.
    mutating func collectNotificationTemplates(of lane: Lane) {
        for target in file.notifications(for: lane) {
            collect(target.url, place: "notify to \(target.destinationName)", lane: lane.name, fallback: target.location, provided: [])
        }
    }

    private mutating func collect(
        _ template: Template?, place: String, lane: String? = nil, fallback: SourceLocation?, provided: Set<String>,
        needsValue: Bool = false
    ) {
        guard let template else { return }
        for reference in template.references where !reference.hasDefault {
            let needed = record(reference, at: template.location ?? fallback, place: place, lane: lane, provided: provided)
            if needsValue, needed { needingValue.insert(reference.name) }
        }
    }

    /// Whether the reference is needed from outside (nothing inside the lane provides it).
    @discardableResult
    private mutating func record(
        _ reference: Interpolation.Reference, at location: SourceLocation?, place: String, lane: String?, provided: Set<String>
    ) -> Bool {
        let name = reference.name
        let satisfied = reference.candidates.contains { provided.contains($0) || $0.hasPrefix(NightshiftVariable.prefix) }
        guard !satisfied else { return false }
        if usages[name] == nil {
            order.append(name)
            alternatives[name] = reference.alternatives
        } else {
            // A usage without a fallback needs the variable itself.
            alternatives[name] = alternatives[name, default: []].filter(reference.alternatives.contains)
        }
        usages[name, default: []].append(RequiredVariable.Usage(location: location, place: place, lane: lane))
        return true
    }
}
