public import NightshiftCore
import NightshiftSchema
/// TestFlight takes App Store builds only, and Firebase App Distribution ad-hoc, enterprise and
/// development builds, never App Store ones: the store rejects them after the whole build ran.
///
/// Each upload of the lane's own export is checked against the export method of the
/// configuration in force at the upload (a called lane's own, else its caller's), once per
/// configuration. The loader checks methods written out; a run checks those read from variables.
public struct UploadedBuildCheck {
    public let file: LanesFile
    public let graph: LaneCallGraph
    /// A configuration's export method, nil when it is not to be checked here.
    public let exportMethod: (Configuration) -> String?

    public init(file: LanesFile, graph: LaneCallGraph, exportMethod: @escaping (Configuration) -> String?) {
        self.file = file
        self.graph = graph
        self.exportMethod = exportMethod
    }

    /// For `lanes` run by themselves, the steps they reach included.
    public func problems(running lanes: [Lane]) -> [Diagnostic] {
        struct Checked: Hashable { var step: SourceLocation?; var configuration: String }
        var checked: Set<Checked> = []
        var problems: [Diagnostic] = []
        for lane in lanes {
            graph.visitSteps(reachableFrom: lane) { walked in
                let step = walked.step
                guard case .upload(let target) = step.kind, Self.uploadsTheExport(target),
                    let destination = target.destination, let rule = Self.rule(for: destination),
                    let configurationName = walked.configurationName, let configuration = walked.configuration,
                    checked.insert(Checked(step: step.location, configuration: configurationName)).inserted,
                    let method = exportMethod(configuration), let build = ExportDistribution(method: method),
                    !rule.accepted.contains(build)
                else { return }
                problems.append(
                    .error(
                        "upload to \(target.destinationName) takes \(rule.takes), but configuration '\(configurationName)' exports "
                            + "with method '\(method)', \(build.description)",
                        at: step.location, notes: [rule.instead]))
            }
        }
        return problems
    }

    private struct Rule {
        var accepted: Set<ExportDistribution>
        var takes: String
        var instead: String
    }

    private static func rule(for destination: UploadDestination) -> Rule? {
        switch destination {
        case .testflight:
            Rule(
                accepted: [.appStore], takes: "App Store builds only",
                instead: "use a configuration with export_method 'app-store' (or 'app-store-connect'), "
                    + "or upload ad-hoc, enterprise and development builds to firebase")
        case .firebase:
            Rule(
                accepted: [.adHoc, .enterprise, .development], takes: "ad-hoc, enterprise and development builds",
                instead: "upload App Store builds to testflight, or use a configuration with export_method "
                    + "'ad-hoc' (or 'release-testing'), 'enterprise' or 'development' (or 'debugging')")
        // The dSYM destinations take the archive's symbols, whatever the export.
        case .http, .folder, .crashlytics, .sentry, .bugsnag:
            nil
        }
    }

    /// Whether the upload sends what the lane exported: no `file:`, or one that names the export's .ipa.
    private static func uploadsTheExport(_ target: UploadTarget) -> Bool {
        guard let file = target.parameters["file"] else { return true }
        return file.templates.contains { template in template.references.contains { $0.name == NightshiftVariable.ipaPath.name } }
    }
}
