public import NightshiftCore
import NightshiftLanes
public import NightshiftSystem

/// What `validate` says of the signing files: for every configuration a signing step runs with,
/// whether its `.p12` and its provisioning profile are there. `run` and `profiles` refuse a
/// missing one; `validate` warns (exit 0), because CI validates the file where the signing files
/// and the secrets are not (yet), and an error there would fail every such job. Presence only:
/// opening and checking them is `profiles`'s work, which needs the password.
public enum SigningFilesCheck {
    /// A warning per missing file, at the configuration; a note per configuration whose files
    /// cannot be located because a variable their paths read is unset (they were not checked).
    public static func diagnostics(
        _ file: LanesFile, environment: EnvironmentVariables, files: any SigningFileSystem
    ) -> [Diagnostic] {
        // Signing files of `from: appstoreconnect` are made at run time: there is nothing on disk to look for.
        guard file.codesigning?.from != .appStoreConnect else { return [] }
        let graph = LaneCallGraph(file: file)
        var lanesByConfiguration: [String: [String]] = [:]
        for lane in file.lanes {
            var names = Set<String>()
            graph.visitSteps(reachableFrom: lane) { walked in
                if walked.step.kind.needsSigning, let name = walked.configurationName { names.insert(name) }
            }
            for name in names { lanesByConfiguration[name, default: []].append(lane.name) }
        }
        var diagnostics: [Diagnostic] = []
        for configuration in file.configurations {
            guard let lanes = lanesByConfiguration[configuration.name] else { continue }
            let inputs: SigningInputs
            do {
                inputs = try SigningInputs.resolve(file, configuration: configuration, environment: environment, runFolder: "")
            } catch {
                diagnostics.append(
                    Diagnostic(
                        .note, "the signing files of configuration '\(configuration.name)' were not checked: \(error)",
                        at: configuration.location))
                continue
            }
            let signers = "lane\(lanes.count == 1 ? "" : "s") \(lanes.sorted().map { "'\($0)'" }.joined(separator: ", "))"
            for (kind, path) in [("certificate", inputs.p12Path), ("provisioning profile", inputs.profilePath)]
            where !files.fileExists(atPath: path) {
                diagnostics.append(
                    .warning(
                        "\(kind) \(path) of configuration '\(configuration.name)' does not exist: \(signers) cannot sign until it does (run and profiles refuse it)",
                        at: configuration.location))
            }
        }
        return diagnostics
    }
}
