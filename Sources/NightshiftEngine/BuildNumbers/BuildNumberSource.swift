/// App Store Connect's side of `archive: { build_number: { from: appstoreconnect } }`. Archiving
/// is Apple's capability and App Store Connect is Delivery's, and neither imports the other:
/// Delivery implements this, the composition root hands it to the archive's performer.
public protocol BuildNumberSource: Sendable {
    /// One above every build number the store holds for the app: its builds, and its build
    /// uploads of `request.platform` in any state. Reads only (GET), so a dry run may ask too.
    func nextBuildNumber(_ request: BuildNumberRequest, in context: StepContext) async throws -> BuildNumberAnswer
}

public struct BuildNumberRequest: Sendable, Hashable {
    /// The app's bundle identifier (the configuration's `app_identifier`).
    public var bundleID: String
    /// App Store Connect's spelling: `IOS`, `MAC_OS`, `TV_OS`, `VISION_OS`.
    public var platform: String
    /// The step's `endpoint:` as expanded; nil: `APP_STORE_CONNECT_ENDPOINT`, else Apple's.
    public var endpoint: String?

    public init(bundleID: String, platform: String, endpoint: String?) {
        self.bundleID = bundleID
        self.platform = platform
        self.endpoint = endpoint
    }
}

public struct BuildNumberAnswer: Sendable, Hashable {
    public var number: BuildNumber
    /// What the number was chosen over, for the step's log ("highest of 14 builds and 3 uploads: 812").
    public var reason: String

    public init(number: BuildNumber, reason: String) {
        self.number = number
        self.reason = reason
    }
}
