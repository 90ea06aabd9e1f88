import NightshiftCore
/// Walks a lane, its `lane:` calls and its configuration, recording each `${VAR}` reference that
/// nothing inside the lane provides. Each lane is visited once, which also stops `lane:` cycles
/// (the validator reports those).
struct RequirementCollector {
    let file: LanesFile
    /// Whether any visited step signs, builds or exports.
    private(set) var signs = false
    private var order: [String] = []
    private var usages: [String: [RequiredVariable.Usage]] = [:]
    /// Per name, the alternatives every usage so far allows.
    private var alternatives: [String: [String]] = [:]
    private var visitedLanes: Set<String> = []
    private var visitedConfigurations: Set<String> = []

    init(file: LanesFile) {
        self.file = file
    }

    var variables: [RequiredVariable] {
        order.sorted().map { RequiredVariable(name: $0, usages: usages[$0] ?? [], alternatives: alternatives[$0] ?? []) }
    }

    /// `configuration` is the caller's, used when `lane` names none; `provided` are the names the
    /// caller's `env:` already sets.
    mutating func visit(_ lane: Lane, configuration inherited: String?, provided: Set<String>) {
        guard visitedLanes.insert(lane.name).inserted else { return }
        for key in lane.environment.keys.sorted() {
            collect(
                lane.environment[key], place: "env \(key) of lane '\(lane.name)'", lane: lane.name, fallback: lane.location,
                provided: provided)
        }
        let configuration = lane.configuration ?? inherited
        if let configuration { visitConfiguration(named: configuration) }
        let laneProvided = provided.union(lane.environment.keys)
        for step in lane.steps {
            visit(step, of: lane, configuration: configuration, provided: laneProvided)
        }
    }

    private mutating func visit(_ step: Step, of lane: Lane, configuration: String?, provided: Set<String>) {
        let place = "step '\(step.displayName)' of lane '\(lane.name)'"
        let environment = step.options.environment
        for key in environment.keys.sorted() {
            collect(environment[key], place: "env \(key) of \(place)", lane: lane.name, fallback: step.location, provided: provided)
        }
        let stepProvided = provided.union(environment.keys)
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
        case .lane(let name):
            if let callee = file.lane(named: name) {
                visit(callee, configuration: configuration, provided: stepProvided)
            }
        case .package, .importCertificate, .installProfile, .archive, .export:
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
        }
        for (key, template) in file.project?.keyedTemplates ?? [] {
            collect(template, place: "project.\(key)", fallback: nil, provided: [])
        }
    }

    private mutating func collect(
        _ template: Template?, place: String, lane: String? = nil, fallback: SourceLocation?, provided: Set<String>
    ) {
        guard let template else { return }
        for reference in template.references where !reference.hasDefault {
            record(reference, at: template.location ?? fallback, place: place, lane: lane, provided: provided)
        }
    }

    private mutating func record(
        _ reference: Interpolation.Reference, at location: SourceLocation?, place: String, lane: String?, provided: Set<String>
    ) {
        let name = reference.name
        let satisfied = reference.candidates.contains { provided.contains($0) || $0.hasPrefix(NightshiftVariable.prefix) }
        guard !satisfied else { return }
        if usages[name] == nil {
            order.append(name)
            alternatives[name] = reference.alternatives
        } else {
            // A usage without a fallback needs the variable itself.
            alternatives[name] = alternatives[name, default: []].filter(reference.alternatives.contains)
        }
        usages[name, default: []].append(RequiredVariable.Usage(location: location, place: place, lane: lane))
    }
}
