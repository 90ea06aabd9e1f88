import NightshiftCore

/// Picks the installed Xcode an `xcode:` asks for, or says why none fits, listing what is there.
struct XcodeSelector {
    let installs: any XcodeInstalls
    /// The lanes file's folder: a relative path in `xcode:` is read against it.
    let lanesFolder: String
    /// For `~/` in a path.
    let home: String?

    /// The install chosen, or the located error that says why none fits.
    enum Selection {
        case found(InstalledXcode)
        case miss(Diagnostic)
    }

    func select(_ requirement: XcodeRequirement) -> Selection {
        switch requirement.choice {
        case .path(let written):
            switch installs.install(at: absolute(written)) {
            case .success(let install): return .found(install)
            case .failure(let problem): return .miss(.error("xcode '\(requirement.raw)': \(problem)", at: requirement.location))
            }
        case .latest:
            let search = installs.search()
            if let newest = search.installs.filter({ !$0.isBeta }).sorted(by: InstalledXcode.newerFirst).first { return .found(newest) }
            return .miss(miss(requirement, "no Xcode release is installed (latest never picks a beta)", search))
        case .version(let version):
            let search = installs.search()
            let matching = search.installs.filter { Self.matches(version, $0) }.sorted(by: InstalledXcode.newerFirst)
            if let newest = matching.first { return .found(newest) }
            return .miss(miss(requirement, "no installed Xcode is \(version)", search))
        }
    }

    /// A release pin takes releases only; a beta pin takes betas only, and its number only
    /// when the file name carries one (Xcode itself does not say which beta it is).
    static func matches(_ version: XcodeVersion, _ install: InstalledXcode) -> Bool {
        guard version.covers(install.version) else { return false }
        switch version.beta {
        case nil: return !install.isBeta
        case .any: return install.isBeta
        case .number(let number): return install.isBeta && install.betaNumber == number
        }
    }

    private func miss(_ requirement: XcodeRequirement, _ message: String, _ search: XcodeSearch) -> Diagnostic {
        var notes: [String]
        if search.installs.isEmpty {
            notes = ["no Xcode is installed in \(search.folders.joined(separator: ", "))"]
        } else {
            notes =
                ["installed:"]
                + search.installs.sorted(by: InstalledXcode.newerFirst).map { "  \($0.displayName) at \($0.app)" }
        }
        if case .version(let version) = requirement.choice, case .number = version.beta,
            search.installs.contains(where: { $0.isBeta && $0.betaNumber == nil && version.covers($0.version) })
        {
            let anyBeta = XcodeVersion(components: version.components, beta: .any)
            notes.append(
                "Xcode does not say which beta it is; only a file name such as Xcode-27.0-Beta.3.app does. '\(anyBeta)' takes any beta")
        }
        notes.append("searched \(search.folders.joined(separator: ", ")) (\(DiskXcodeInstalls.searchPathVariable) names other folders)")
        return .error("xcode '\(requirement.raw)': \(message)", at: requirement.location, notes: notes)
    }

    private func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/"), let home = home { return home + path.dropFirst(1) }
        return lanesFolder + "/" + path
    }
}
