public import NightshiftCore
public import NightshiftLanes
public import NightshiftSystem

/// The installed Xcode each `xcode:` a lane reaches stands for, chosen once before its first
/// step. Empty when nothing names an Xcode: then every tool runs with the machine's selected one.
public struct XcodeSelections: Sendable {
    private var chosen: [XcodeRequirement.Choice: InstalledXcode] = [:]
    /// The lane being run's own: what its reports record.
    public private(set) var laneXcode: InstalledXcode?

    public static let none = XcodeSelections()

    /// The Xcode of a step in `frame`; nil when no `xcode:` is in force there.
    public func xcode(for frame: LaneFrame) -> InstalledXcode? {
        frame.xcode.flatMap { chosen[$0.choice] }
    }

    /// Every Xcode chosen, once each, by path.
    public var chosenXcodes: [InstalledXcode] {
        Dictionary(chosen.values.map { ($0.app, $0) }, uniquingKeysWith: { first, _ in first }).values.sorted { $0.app < $1.app }
    }

    /// What `run` would choose for `lane` before its first step, and what it would refuse there:
    /// `doctor` asks this without running anything. `lanesFolder`: where relative `xcode:` paths
    /// are read.
    public static func choose(
        for lane: Lane, in file: LanesFile, installs: any XcodeInstalls, lanesFolder: String, environment: EnvironmentVariables
    ) -> (XcodeSelections, [Diagnostic]) {
        choose(
            for: lane, in: LaneCallGraph(file: file), file: file, installs: installs, lanesFolder: lanesFolder, environment: environment)
    }

    /// Chooses an Xcode for every `xcode:` in force in `lane` and the lanes it calls. A pin
    /// nothing installed fits, and an App Store export built by a beta (which Apple refuses
    /// only at upload), are errors.
    static func choose(
        for lane: Lane, in graph: LaneCallGraph, file: LanesFile, installs: (any XcodeInstalls)?, lanesFolder: String,
        environment: EnvironmentVariables
    ) -> (XcodeSelections, [Diagnostic]) {
        var selections = XcodeSelections()
        var problems: [Diagnostic] = []
        var failed: Set<XcodeRequirement.Choice> = []
        let selector = XcodeSelector(installs: installs ?? NoXcodeInstalls(), lanesFolder: lanesFolder, home: environment["HOME"])
        func choose(_ requirement: XcodeRequirement) -> InstalledXcode? {
            if let known = selections.chosen[requirement.choice] { return known }
            guard !failed.contains(requirement.choice) else { return nil }
            switch selector.select(requirement) {
            case .found(let install):
                selections.chosen[requirement.choice] = install
                return install
            case .miss(let problem):
                failed.insert(requirement.choice)
                problems.append(problem)
                return nil
            }
        }
        var refusedBeta: Set<String> = []
        graph.visitSteps(reachableFrom: lane) { walked in
            guard let requirement = walked.frame.xcode, let install = choose(requirement) else { return }
            guard install.isBeta, walked.step.kind.exportsArchive, let configuration = walked.configuration,
                ExportDistribution(method: configuration.exportMethod.expand(in: environment)) == .appStore,
                refusedBeta.insert(configuration.name).inserted
            else { return }
            problems.append(
                .error(
                    "configuration '\(configuration.name)' exports for the App Store with \(install.displayName), a beta: "
                        + "App Store Connect refuses builds made with a beta Xcode",
                    at: walked.step.location ?? requirement.location,
                    notes: ["xcode '\(requirement.raw)' is in force here\(requirement.location.map { " (\($0))" } ?? "")"]))
        }
        if let requirement = LaneCallGraph.rootXcode(of: lane, in: file) { selections.laneXcode = selections.chosen[requirement.choice] }
        return (selections, problems)
    }
}

/// What a run without a way to look for Xcodes finds: none.
struct NoXcodeInstalls: XcodeInstalls {
    func search() -> XcodeSearch { XcodeSearch(installs: [], folders: []) }
    func install(at path: String) -> Result<InstalledXcode, XcodeInstallProblem> {
        .failure(XcodeInstallProblem("\(path) cannot be read: this run looks for no Xcode"))
    }
}

extension LaneCallGraph {
    /// The `xcode:` the lane being run has in force at its top.
    static func rootXcode(of lane: Lane, in file: LanesFile) -> XcodeRequirement? {
        lane.xcode ?? lane.configuration.flatMap(file.configuration(named:))?.xcode ?? file.xcode
    }
}

extension StepKind {
    /// Whether the step exports an archive for distribution (and so its export method matters).
    var exportsArchive: Bool {
        switch self {
        case .package, .packageInto, .export: true
        case .sh, .lane, .importCertificate, .installProfile, .archive, .upload, .test, .notarize, .signingSync, .release: false
        }
    }
}
