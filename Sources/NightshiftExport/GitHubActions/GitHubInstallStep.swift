import NightshiftCore

/// How a GitHub job gets nightshift before it runs a lane: the lane's `setup:` line as written;
/// its `setup: { brew | release | path }` choice; else a build from the repository's
/// Package.swift, which only nightshift's own repository has (a warning says so elsewhere).
struct GitHubInstallStep {
    /// The `run:` of the "Install nightshift" step.
    let line: String
    /// What the lane's run line starts with.
    let executable: String

    /// Where a downloaded release goes: the runner's per-job temporary folder, put on `PATH` for
    /// the steps after this one (`$GITHUB_PATH`).
    private static let folder = "\"$RUNNER_TEMP/nightshift\""

    init(_ settings: GitHubSettings) {
        guard let install = settings.install else {
            line = ExportRunCommand.setupLine(settings.setup)
            executable = ExportRunCommand.executable(settings.setup)
            return
        }
        switch install {
        case .homebrew(let tap):
            line = "brew install \(ShellWord.quoted(tap + "/nightshift"))"
            executable = "nightshift"
        case .release(let url):
            let folder = Self.folder
            let download =
                url.hasSuffix(".tar.gz") || url.hasSuffix(".tgz")
                ? "curl -fsSL --retry 3 -o \"$RUNNER_TEMP/nightshift.tar.gz\" \(ShellWord.quoted(url)) && tar -xzf \"$RUNNER_TEMP/nightshift.tar.gz\" -C \(folder)"
                : "curl -fsSL --retry 3 -o \"$RUNNER_TEMP/nightshift/nightshift\" \(ShellWord.quoted(url))"
            line =
                "mkdir -p \(folder) && \(download) && chmod +x \"$RUNNER_TEMP/nightshift/nightshift\" && echo \(folder) >> \"$GITHUB_PATH\""
            executable = "nightshift"
        case .path(let path):
            line =
                "test -x \(ShellWord.quoted(path)) || { echo \(ShellWord.quoted("nightshift is not at \(path) on this runner (github: { setup: { path: … } })")) >&2; exit 1; }"
            executable = ShellWord.quoted(path)
        }
    }

    /// When nothing says how, and the repository does not build nightshift either.
    static func warning(for plan: ExportLanePlan) -> Diagnostic {
        .warning(
            "lane '\(plan.name)': the workflow cannot know how to install nightshift: this repository does not build it (its Package.swift "
                + "has no nightshift product), so the job's 'swift build --product nightshift' would fail; write github: { setup: "
                + "{ brew: OWNER/TAP } }, { release: https://…/nightshift.tar.gz }, { path: /usr/local/bin/nightshift } or a shell line",
            at: plan.lane.location)
    }
}
