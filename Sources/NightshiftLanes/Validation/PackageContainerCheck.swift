import NightshiftCore
/// A `package: { dmg | zip | pkg: … }` holds a Mac app: the configuration in force at the step
/// (a called lane's own, else its caller's) must export one, and a pkg needs the configuration's
/// `installer_certificate:`. Checked once per step and configuration; export methods read from
/// variables are checked when the lane runs.
struct PackageContainerCheck {
    let graph: LaneCallGraph

    func problems(running lanes: [Lane]) -> [Diagnostic] {
        struct Checked: Hashable { var step: SourceLocation?; var configuration: String }
        var checked: Set<Checked> = []
        var problems: [Diagnostic] = []
        for lane in lanes {
            graph.visitSteps(reachableFrom: lane) { walked in
                guard case .packageInto(let container) = walked.step.kind, let name = walked.configurationName,
                    let configuration = walked.configuration,
                    checked.insert(Checked(step: walked.step.location, configuration: name)).inserted
                else { return }
                problems += Self.problems(with: container, at: walked.step.location, configuration)
            }
        }
        return problems
    }

    private static func problems(with container: PackageContainer, at location: SourceLocation?, _ configuration: Configuration)
        -> [Diagnostic]
    {
        let key = "package.\(container.format.rawValue)"
        var problems: [Diagnostic] = []
        let method = configuration.exportMethod
        if method.references.isEmpty, ExportedBundle(method: method.raw) != .app {
            problems.append(
                .error(
                    "\(key) packages a Mac app, but configuration '\(configuration.name)' exports with method '\(method.raw)', "
                        + "which makes an .ipa",
                    at: container.location ?? location,
                    notes: ["a Mac app outside the App Store is exported with export_method 'developer-id'"]))
        }
        if container.format == .pkg, configuration.installerCertificate == nil {
            problems.append(
                .error(
                    "\(key) signs with a Developer ID Installer certificate, and configuration '\(configuration.name)' names none",
                    at: container.location ?? location,
                    notes: ["add 'installer_certificate: <name>' (the .p12 in codesigning.path) to configuration '\(configuration.name)'"]))
        }
        return problems
    }
}
