/// A whole `lanes.yml`, validated.
public struct LanesFile: Sendable, Hashable {
    public var path: String
    public var version: Int
    /// What archive and export build; nil in a file whose lanes only run scripts and uploads.
    public var project: Project?
    /// Names of environment variables whose values are masked everywhere.
    public var secrets: [String]
    public var codesigning: Codesigning?
    /// In file order.
    public var configurations: [Configuration]
    /// In file order.
    public var lanes: [Lane]
    /// `notify:` at the top: whom a run of a lane without its own tells.
    public var notify: [NotificationTarget] = []
    /// `xcode:` at the top, else `.xcode-version` beside the file: the Xcode of lanes and
    /// configurations that name none. Nil keeps the machine's selected Xcode.
    public var xcode: XcodeRequirement?
    /// `cache:` at the top: what builds keep between runs (compilation cache, Swift packages)
    /// where no configuration or lane says otherwise. Nil keeps nothing.
    public var cache: BuildCacheSettings?
    /// What loading found questionable without refusing the file (a schedule that never fires),
    /// for the command to print.
    public var warnings: [Diagnostic] = []

    public init(
        path: String, version: Int = 1, project: Project? = nil, secrets: [String] = [],
        codesigning: Codesigning? = nil, configurations: [Configuration] = [], lanes: [Lane] = []
    ) {
        self.path = path
        self.version = version
        self.project = project
        self.secrets = secrets
        self.codesigning = codesigning
        self.configurations = configurations
        self.lanes = lanes
    }

    public func lane(named name: String) -> Lane? { lanes.first { $0.name == name } }
    public func configuration(named name: String) -> Configuration? { configurations.first { $0.name == name } }
    /// Declared secrets, secret-looking names, and the codesigning passwords and notification
    /// webhooks whatever they read.
    public var secretPolicy: SecretPolicy {
        SecretPolicy(declared: secrets, secretSettings: (codesigning?.passwords ?? []) + notificationURLs)
    }
}
