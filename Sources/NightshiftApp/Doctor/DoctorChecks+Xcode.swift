import NightshiftCore
import NightshiftEngine
import NightshiftLanes
import NightshiftSystem
import NightshiftTesting

/// The Xcode each `xcode:` stands for and the simulator runtimes of every `test:` destination,
/// asked of the code `run` asks before its first step (`XcodeSelections`, the runtime check), so
/// doctor and run cannot disagree.
struct XcodeDoctorChecks {
    let installs: any XcodeInstalls
    let runtimes: RuntimeSurvey
    /// Where a relative `xcode:` path is read: the lanes file's folder.
    let lanesFolder: String

    func check(_ lanes: [Lane], in file: LanesFile, environment: EnvironmentVariables) async -> [DoctorCheck] {
        let graph = LaneCallGraph(file: file)
        var problems: [String] = []
        var chosen: [InstalledXcode] = []
        var pinned = false
        var testsFound = false
        var testSteps: [(xcode: InstalledXcode?, steps: [Step])] = []
        for lane in lanes {
            let (selections, diagnostics) = XcodeSelections.choose(
                for: lane, in: file, installs: installs, lanesFolder: lanesFolder, environment: environment)
            // With its notes: what is installed, where a beta is in force.
            for diagnostic in diagnostics {
                let text = ([diagnostic.message] + diagnostic.notes).joined(separator: "; ")
                if !problems.contains(text) { problems.append(text) }
            }
            for xcode in selections.chosenXcodes where !chosen.contains(xcode) { chosen.append(xcode) }
            graph.visitSteps(reachableFrom: lane) { walked in
                pinned = pinned || walked.frame.xcode != nil
                let xcode = selections.xcode(for: walked.frame)
                guard case .test = walked.step.kind else { return }
                testsFound = true
                // A pin nothing fits has no runtimes to ask about: the Xcode line says why.
                guard walked.frame.xcode == nil || xcode != nil else { return }
                if let index = testSteps.firstIndex(where: { $0.xcode == xcode }) {
                    testSteps[index].steps.append(walked.step)
                } else {
                    testSteps.append((xcode, [walked.step]))
                }
            }
        }
        var checks = [xcodeCheck(problems: problems, chosen: chosen, pinned: pinned)]
        for (xcode, steps) in testSteps {
            if let check = runtimeCheck(await runtimes.survey(steps, environment: environment, xcode: xcode), xcode: xcode) {
                checks.append(check)
            }
        }
        if !testsFound { checks.append(DoctorCheck(.ready, "simulator runtimes", "no test step runs on a simulator")) }
        return checks
    }

    private func xcodeCheck(problems: [String], chosen: [InstalledXcode], pinned: Bool) -> DoctorCheck {
        let subject = "Xcode"
        if !problems.isEmpty {
            let folders = installs.search().folders.joined(separator: ", ")
            return DoctorCheck(
                .missing, subject, problems.joined(separator: "; "),
                fix: "install the Xcode lanes.yml names (from developer.apple.com/download, or: xcodes install VERSION) in \(folders), "
                    + "or change its 'xcode:'; \(DiskXcodeInstalls.searchPathVariable) names other folders to look in")
        }
        guard pinned else {
            return DoctorCheck(.ready, subject, "no 'xcode:' in force: the tools use this machine's selected Xcode (xcode-select -p)")
        }
        let names = chosen.map { "\($0.displayName) at \($0.app)" }
        return DoctorCheck(.ready, subject, "'xcode:' chooses \(names.joined(separator: ", "))")
    }

    private func runtimeCheck(_ finding: RuntimeSurvey.Finding, xcode: InstalledXcode?) -> DoctorCheck? {
        let subject = "simulator runtimes of \(xcode?.displayName ?? "the selected Xcode")"
        switch finding {
        case .noneNeeded:
            return nil
        case .available(let names):
            return DoctorCheck(.ready, subject, "\(names.joined(separator: ", ")) installed")
        case .missing(let missing):
            return DoctorCheck(
                .missing, subject, missing.map(\.problem).joined(separator: "; "),
                fix: missing.map(\.installCommand).joined(separator: " && ") + " (or write install_runtime: true in the test step)")
        case .unlisted(let why):
            return DoctorCheck(
                .attention, subject, "not checked: \(why)", fix: "on the Mac that runs the tests: xcrun simctl list runtimes")
        }
    }
}
