import NightshiftCore
import NightshiftSchema

/// The keys of lanes.yml: the one description the loader (`LanesFileParser`) checks keys against
/// and `LanesSchema` renders for editors and the reference. A key added here is accepted by
/// `validate` (the parser still gives it a meaning), offered by editors and documented.
public enum LanesKeys {
    /// The name of a variable: `${NAME}` in a value, `NAME` in `env:`.
    public static let variableName = "^[A-Za-z_][A-Za-z0-9_]*$"
    /// Apple's CFBundleIdentifier characters.
    public static let bundleIdentifier = "^[A-Za-z0-9.-]+$"
    /// A lane's name is one path component (`runs/<lane>/`): no blank, no '/'.
    public static let laneName = #"^[^\s/]{1,200}$"#

    public static let file = KeyMapping([
        KeySpec("version", .whole(minimum: 1, maximum: 1), "The lanes file format; 1, the only one, when absent."),
        KeySpec("project", .mapping(project), "The Xcode project or workspace the build steps build."),
        KeySpec(
            "secrets", .texts, "Names of variables whose values are masked in every output, beyond the ones nightshift knows are secret."),
        KeySpec("codesigning", .mapping(codesigning), "Where the certificates and profiles come from, and the keychain they go into."),
        KeySpec(
            "configurations", .named(.mapping(configuration)),
            "Named signing setups (staging, production…): build configuration, bundle id, certificate, profiles, export method."),
        KeySpec("lanes", .named(.mapping(lane), keys: laneName), required: true, "The lanes, by name: `nightshift run NAME`."),
        KeySpec("notify", .list(.mapping(notification)), "Where every lane reports when it ends (a lane's own `notify:` adds to it)."),
        KeySpec(
            "xcode", .text,
            "The Xcode to build with: a version (26.2, 27.0 beta 3), `latest` or a path; .xcode-version beside lanes.yml when absent."),
        KeySpec("cache", .mapping(cache), "What builds keep between runs: Xcode's compilation cache and Swift packages."),
    ])

    public static let cache = KeyMapping([
        KeySpec(
            "compilation", .flag,
            "Keep Xcode's compilation cache (COMPILATION_CACHE_ENABLE_CACHING) per project and Xcode build, outside the run folder."),
        KeySpec("packages", .flag, "Keep Swift packages in one folder per project, resolved only from Package.resolved."),
        KeySpec("limit", .text, "The compilation cache's size limit: 20GB, 500MB, 1.5TB (1024 each); half the free disk when absent."),
    ])

    public static let project = KeyMapping([
        KeySpec("name", .text, required: true, "The app's name, shown in reports and notifications."),
        KeySpec("workspace", .text, "The .xcworkspace to build (xcodebuild -workspace); not with `project:`."),
        KeySpec("project", .text, "The .xcodeproj to build (xcodebuild -project); not with `workspace:`."),
        KeySpec("scheme", .text, "The scheme to archive and test unless a step names another."),
        KeySpec("destination", .text, "xcodebuild's -destination for archives, e.g. 'generic/platform=iOS'."),
        KeySpec("team_id", .text, "The Apple Developer team id (ten characters), unless a configuration names its own."),
    ])

    public static let codesigning = KeyMapping([
        KeySpec("path", .text, "The folder of .p12 certificates and .mobileprovision profiles; needed unless `from:` is set."),
        KeySpec("certificate_password", .text, "The password of the .p12 files, usually `${CERTIFICATE_PASSWORD}`."),
        KeySpec("installer_certificate_password", .text, "The password of the installer .p12 (Mac pkg), when it differs."),
        KeySpec(
            "keychain", .mapping(keychain), "The keychain the certificates are imported into; a temporary one under the run when absent."),
        KeySpec(
            "from", .choice(CodesigningSource.allCases.map(\.rawValue)),
            "Take certificates and profiles from App Store Connect's API instead of a folder."),
        KeySpec(
            "private_keys", .named(.text, keys: "^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$"),
            "The private keys of certificates made through App Store Connect, by certificate name (needs `from:`)."),
    ])

    public static let keychain = KeyMapping([
        KeySpec("name", .text, "A keychain name or path."),
        KeySpec("password", .text, "Its password, usually `${KEYCHAIN_PASSWORD}`."),
        KeySpec("default", .flag, "Make it the default keychain while the lane runs."),
    ])

    public static let configuration = KeyMapping([
        KeySpec("certificate", .text, required: true, "The signing certificate: <codesigning.path>/<certificate>.p12."),
        KeySpec(
            "provisioning_profile", .text, required: true,
            "The app's profile: <codesigning.path>/<provisioning_profile>.mobileprovision (or .provisionprofile)."),
        KeySpec("build_configuration", .text, required: true, "The Xcode build configuration archived (Release, Staging…)."),
        KeySpec("app_identifier", .text, required: true, "The app's bundle identifier."),
        KeySpec(
            "export_method", .choice(exportMethods, variables: true), required: true,
            "How the archive is exported (ExportOptions.plist's method)."),
        KeySpec("team_id", .text, "The team id, when it is not project.team_id."),
        KeySpec("export_options", .named(.anything), "More ExportOptions.plist keys, as Xcode names them."),
        KeySpec("installer_certificate", .text, "The installer certificate a Mac pkg is signed with."),
        KeySpec(
            "profiles", .named(.text, keys: bundleIdentifier),
            "Profiles of the other signed bundles (extensions, watch apps), by bundle identifier."),
        KeySpec("xcode", .text, "The Xcode this configuration's lanes build with, unless a lane names its own."),
        KeySpec("cache", .mapping(cache), "What this configuration's builds keep between runs, unless a lane says; replaces the file's."),
    ])

    /// ExportOptions.plist's `method`, the names of Xcode 15.3 and later and the older ones.
    public static let exportMethods = [
        "app-store", "app-store-connect", "ad-hoc", "release-testing", "enterprise", "development", "debugging",
        "validation", "developer-id", "mac-application", "package",
    ]

    public static let lane = KeyMapping([
        KeySpec("description", .text, "One line `nightshift lanes` and reports show."),
        KeySpec("configuration", .text, "The configuration (under `configurations:`) the build steps sign with."),
        KeySpec("schedule", .either([.text, .mapping(schedule)]), "When `nightshift schedule` runs the lane: a cron line, or a mapping."),
        KeySpec("env", .named(.text, keys: variableName), "Variables for every step of the lane."),
        KeySpec("timeout", .duration, "The longest the lane may run."),
        KeySpec("cleanup_timeout", .duration, "The longest the cleanup after the lane (keychain, simulators) may take."),
        KeySpec("steps", .steps, required: true, "What the lane does, in order."),
        KeySpec("jenkins", .mapping(jenkins), "How `nightshift export jenkins` writes the lane's Jenkinsfile."),
        KeySpec("options", .named(.mapping(laneOption), keys: variableName), "Typed inputs: `nightshift run LANE name=value`."),
        KeySpec("locks", .texts, "Named locks the lane holds while it runs: lanes sharing one never run at once."),
        KeySpec("github", .mapping(github), "How `nightshift export github-actions` writes the lane's job."),
        KeySpec("buildkite", .mapping(buildkite), "How `nightshift export buildkite` writes the lane's step."),
        KeySpec("notify", .list(.mapping(notification)), "Where the lane reports when it ends, besides the file's `notify:`."),
        KeySpec("xcode", .text, "The Xcode this lane builds with; before its configuration's and the file's."),
        KeySpec("cache", .mapping(cache), "What this lane's builds keep between runs; replaces its configuration's and the file's."),
    ])

    public static let schedule = KeyMapping([
        KeySpec("cron", .text, required: true, "Cron lines (one per line); `H` picks a stable minute or hour per lane."),
        KeySpec("seed", .text, "What `H` is hashed from, instead of the lane's name."),
        KeySpec("when", .choice(["always", "changed"]), "`changed`: only when the branch moved since the last scheduled run."),
        KeySpec("timezone", .text, "The time zone the cron lines are read in (e.g. Europe/Berlin); the machine's when absent."),
        KeySpec("catch_up", .duration, "How late a missed firing may still run (the machine was asleep)."),
        KeySpec("remote", .text, "The git remote `when: changed` watches."),
        KeySpec("branch", .text, "The branch `when: changed` watches."),
        KeySpec("options", .named(.text), "Values of the lane's options for scheduled runs."),
    ])

    public static let jenkins = KeyMapping([
        KeySpec("agent", .text, "The agent label the stage runs on."),
        KeySpec("credentials", .named(.text, keys: variableName), "Variables bound from Jenkins credentials ids."),
        KeySpec("setup", .text, "A shell line run before nightshift (install it, select Xcode…)."),
        KeySpec("timestamps", .flag, "Wrap the stage in timestamps()."),
    ])

    public static let github = KeyMapping([
        KeySpec("runs_on", .texts, "The runner labels (runs-on)."),
        KeySpec(
            "setup", .either([.text, .mapping(nightshiftInstall)]),
            "How the job gets nightshift: a shell line, or one of brew (a tap), release (a binary's URL), path."),
    ])

    /// `github: { setup: { … } }`: exactly one of these.
    public static let nightshiftInstall = KeyMapping([
        KeySpec("brew", .text, "A Homebrew tap, owner/repo: the job runs brew install owner/repo/nightshift."),
        KeySpec("release", .text, "The https URL of a nightshift binary, or of a .tar.gz holding one at its top."),
        KeySpec("path", .text, "Where nightshift is installed on the runner: an absolute path."),
    ])

    public static let buildkite = KeyMapping([
        KeySpec("queue", .text, "The agent queue."),
        KeySpec("setup", .text, "A shell line run before nightshift."),
    ])

    public static let laneOption = KeyMapping([
        KeySpec("type", .choice(LaneOption.Kind.names), "string (the default), int, bool or choice."),
        KeySpec("default", .text, "The value when the run gives none; may use `${VAR}`."),
        KeySpec("pattern", .text, "A regular expression a string must match whole."),
        KeySpec("required", .flag, "The run must give a value."),
        KeySpec("secret", .flag, "Mask the value in every output (names with TOKEN, PASSWORD… are secret anyway)."),
        KeySpec("description", .text, "One line for `nightshift run LANE --help` and Jenkins."),
        KeySpec("values", .texts, "The choices of `type: choice`."),
    ])

    public static let notification = KeyMapping([
        KeySpec("to", .choice(NotificationDestination.allCases.map(\.rawValue)), "The kind of receiver: slack, teams or webhook."),
        KeySpec("webhook", .text, "The URL to post to, usually `${SLACK_WEBHOOK}` (it is a credential)."),
        KeySpec("url", .text, "Another name for `webhook:`."),
        KeySpec(
            "on",
            .either([.choice(NotificationEvent.allCases.map(\.rawValue)), .list(.choice(NotificationEvent.allCases.map(\.rawValue)))]),
            "The outcomes that post (failure and fixed when absent)."),
    ])
}
