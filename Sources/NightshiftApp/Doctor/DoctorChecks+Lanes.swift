import NightshiftCore
import NightshiftLanes
import NightshiftSystem

/// The checks that read only the lanes file and the environment.
enum LaneDoctorChecks {
    /// Every variable the lanes read from outside is set (names only, never values).
    static func variables(_ lanes: [Lane], in file: LanesFile, environment: EnvironmentVariables) -> DoctorCheck {
        let graph = LaneCallGraph(file: file)
        var lanesByName: [String: [String]] = [:]
        var count = 0
        for lane in lanes {
            let requirements = LaneRequirements(lane, in: graph)
            count += requirements.variables.count
            for variable in requirements.missing(from: environment) {
                lanesByName[variable.candidates.joined(separator: " or "), default: []].append(lane.name)
            }
        }
        let subject = "variables"
        guard !lanesByName.isEmpty else {
            return DoctorCheck(.ready, subject, count == 0 ? "the lanes read none from outside" : "every variable the lanes read is set")
        }
        let listed = lanesByName.keys.sorted().map { name in
            let lanes = lanesByName[name] ?? []
            return "\(name) (lane\(lanes.count == 1 ? "" : "s") \(lanes.joined(separator: ", ")))"
        }
        return DoctorCheck(
            .missing, subject, "not set: \(listed.joined(separator: ", "))",
            fix: "set them in the environment (the CI's credentials), or in .env beside lanes.yml; .env.example names them")
    }

    /// The configurations the lanes sign with: each `package`, `archive`… step's, through `lane:` calls.
    static func signedConfigurations(_ lanes: [Lane], in file: LanesFile) -> [Configuration] {
        let graph = LaneCallGraph(file: file)
        var names: [String] = []
        for lane in lanes {
            var walk = LaneWalk(graph, from: lane, revisits: .never)
            while let event = walk.next() {
                guard case .step(let walked) = event, walked.step.kind.needsSigning, let name = walked.configurationName,
                    !names.contains(name)
                else { continue }
                names.append(name)
            }
        }
        return names.compactMap { name in file.configurations.first { $0.name == name } }
    }
}
