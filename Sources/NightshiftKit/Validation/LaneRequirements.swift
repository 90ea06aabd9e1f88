/// The environment variables a lane needs (referenced without a default), with where.
struct LaneRequirements {
    struct Requirement: Hashable {
        var name: String
        var place: String
        var location: SourceLocation?
    }

    let file: LanesFile

    func requirements(of laneName: String) -> [Requirement] {
        var found: [Requirement] = []
        var seen: Set<String> = []
        func add(_ template: Template?, _ place: String) {
            guard let template else { return }
            for reference in template.references where !reference.hasDefault && seen.insert(reference.name).inserted {
                found.append(Requirement(name: reference.name, place: place, location: template.location))
            }
        }
        var visited: Set<String> = []
        var signs = false
        func visit(_ name: String, configuration: String?) {
            guard visited.insert(name).inserted, let lane = file.lane(named: name) else { return }
            let configuration = lane.configuration ?? configuration
            for (key, value) in lane.environment.sorted(by: { $0.key < $1.key }) { add(value, "env \(key) of lane '\(name)'") }
            for step in lane.steps {
                let place = "step '\(step.displayName)' of lane '\(name)'"
                if step.kind.needsSigning { signs = true; addConfiguration(configuration, add) }
                for (key, value) in step.options.environment.sorted(by: { $0.key < $1.key }) { add(value, "env \(key) of \(place)") }
                switch step.kind {
                case .sh(let script): add(script, place)
                case .upload(let target):
                    for key in target.parameters.keys.sorted() { target.parameters[key]?.templates.forEach { add($0, "\(key) of \(place)") } }
                case .lane(let callee): visit(callee, configuration: configuration)
                default: break
                }
            }
        }
        visit(laneName, configuration: nil)
        if signs, let codesigning = file.codesigning {
            add(codesigning.path, "codesigning.path")
            add(codesigning.certificatePassword, "codesigning.certificate_password")
            add(codesigning.keychain.name, "codesigning.keychain.name")
            add(codesigning.keychain.password, "codesigning.keychain.password")
        }
        return found
    }

    private func addConfiguration(_ name: String?, _ add: (Template?, String) -> Void) {
        guard let name, let configuration = file.configuration(named: name) else { return }
        let place = "configuration '\(name)'"
        [configuration.certificate, configuration.provisioningProfile, configuration.buildConfiguration,
         configuration.appIdentifier, configuration.exportMethod].forEach { add($0, place) }
        add(configuration.teamID, place)
    }
}
