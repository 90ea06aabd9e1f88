/// The app being built: what xcodebuild is pointed at.
public struct Project: Sendable, Hashable {
    public var name: Template
    public var workspace: Template?
    /// An `.xcodeproj`, for apps without a workspace.
    public var xcodeProject: Template?
    public var scheme: Template?
    /// `-destination` for archives; `generic/platform=iOS` when not set.
    public var destination: Template?
    public var teamID: Template?

    public init(
        name: Template, workspace: Template? = nil, xcodeProject: Template? = nil, scheme: Template? = nil,
        destination: Template? = nil, teamID: Template? = nil
    ) {
        self.name = name
        self.workspace = workspace
        self.xcodeProject = xcodeProject
        self.scheme = scheme
        self.destination = destination
        self.teamID = teamID
    }
}
