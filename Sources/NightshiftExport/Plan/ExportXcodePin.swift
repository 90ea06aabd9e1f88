import NightshiftCore

/// The lane's `xcode:` as a CI job carries it: `DEVELOPER_DIR` in the job's environment, so the
/// job's own commands (its setup line, a build of nightshift) use the Xcode the lane does, not
/// the agent's `xcode-select` choice. Only a path says where the Xcode is before the job runs:
/// a version or `latest` is looked up on the agent by `nightshift run` itself, which sets
/// `DEVELOPER_DIR` for every tool it starts.
struct ExportXcodePin: Sendable, Hashable {
    var requirement: XcodeRequirement
    /// `<app>/Contents/Developer` for a path pin; nil for a version or `latest`.
    var developerDirectory: String?

    /// The lane's own `xcode:`, else its configuration's, else the file's (`.xcode-version`
    /// included), as `nightshift run` reads them.
    init?(lane: Lane, in file: LanesFile, lanesFilePath: String) {
        guard let requirement = lane.xcode ?? lane.configuration.flatMap(file.configuration(named:))?.xcode ?? file.xcode else {
            return nil
        }
        self.requirement = requirement
        guard case .path(let written) = requirement.choice else { return }
        var app = written
        while app.count > 1, app.hasSuffix("/") { app.removeLast() }
        for suffix in ["/Contents/Developer", "/Contents"] where app.hasSuffix(suffix) { app.removeLast(suffix.count) }
        if app.hasPrefix("~/") {
            app = "$HOME" + app.dropFirst()
        } else if !app.hasPrefix("/") {
            // Read against lanes.yml's folder, which the job sees at the same place in its checkout.
            let folder = lanesFilePath.split(separator: "/").dropLast().joined(separator: "/")
            app = folder.isEmpty ? app : folder + "/" + app
        }
        developerDirectory = app + "/Contents/Developer"
    }

    /// Where GitHub's macOS runner images install a release, `/Applications/Xcode_<version>.app`
    /// (`Xcode_26.1.1.app`, `Xcode_26.2.app`: actions/runner-images' toolsets, connect-swift#378),
    /// so a version pin is a path on GitHub's runners. Nil for `latest`, a bare major version and
    /// a beta, which the images name otherwise (`Xcode_26.5.0-beta3.app`). `nightshift run` still
    /// checks that the Xcode there is the version asked for.
    var runnerImageDeveloperDirectory: String? {
        guard case .version(let version) = requirement.choice, version.beta == nil, version.components.count >= 2 else { return nil }
        return "/Applications/Xcode_\(requirement.raw).app/Contents/Developer"
    }

    /// Said once per lane whose Xcode the job cannot carry.
    func warning(lane: Lane) -> Diagnostic? {
        guard developerDirectory == nil else { return nil }
        return .warning(
            "lane '\(lane.name)': xcode '\(requirement.raw)' is found on the agent when `nightshift run` starts, which sets DEVELOPER_DIR "
                + "for every tool it runs; the job's own commands (its setup line) use the agent's selected Xcode. Pin a path "
                + "(xcode: /Applications/Xcode_26.2.app) to put DEVELOPER_DIR in the job's environment",
            at: requirement.location)
    }
}
