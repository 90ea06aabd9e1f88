/// `notarize: { file: build/App.dmg, wait_timeout: 1h, poll: 15s, endpoint: …, method: api }`:
/// what to send to Apple's notary service and how long to wait for its verdict. The key comes
/// from the same variables as `upload: { to: testflight }`, read through templates so that the
/// loader names a missing one before any step runs.
public struct NotarizeSettings: Sendable, Hashable {
    /// How the submission is made: Apple's Notary REST API (any platform), or `xcrun notarytool`.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        case api
        case notarytool
    }

    /// `file:`; when not written, the loader fills in the product of the lane's last packaging
    /// step before this one (`StepKind.packagedProduct`), and `fileIsDefault` says so.
    public var file: Template?
    public var fileIsDefault: Bool
    /// How long to wait for Apple's verdict once the file is submitted.
    public var waitTimeout: Duration
    /// Between two status checks.
    public var poll: Duration
    /// The Notary API's origin (`/notary/v2/…` is appended); nil: `NOTARY_API_ENDPOINT`, else Apple's.
    public var endpoint: Template?
    public var method: Method
    /// The App Store Connect API key: its id, the team's issuer id, and the .p8 (PEM or a path).
    public var keyID: Template
    public var issuerID: Template
    public var privateKey: Template
    public var location: SourceLocation?

    public static let defaultWaitTimeout: Duration = .seconds(3600)
    public static let defaultPoll: Duration = .seconds(15)
    /// The shortest `poll:`: Apple asks clients not to hammer the status endpoint.
    public static let shortestPoll: Duration = .seconds(1)
    /// The variables `upload: { to: testflight }` reads, as the same templates.
    public static let keyIDVariable = "${APP_STORE_CONNECT_API_KEY_KEY_ID}"
    public static let issuerIDVariable = "${APP_STORE_CONNECT_API_KEY_ISSUER_ID}"
    public static let privateKeyVariable = "${APP_STORE_CONNECT_API_KEY_KEY:-${APP_STORE_CONNECT_API_KEY_KEY_FILEPATH}}"

    public init(
        file: Template? = nil, fileIsDefault: Bool = false, waitTimeout: Duration = Self.defaultWaitTimeout,
        poll: Duration = Self.defaultPoll,
        endpoint: Template? = nil, method: Method = .api, location: SourceLocation? = nil
    ) {
        self.file = file
        self.fileIsDefault = fileIsDefault
        self.waitTimeout = waitTimeout
        self.poll = poll
        self.endpoint = endpoint
        self.method = method
        self.keyID = Template(Self.keyIDVariable, at: location)
        self.issuerID = Template(Self.issuerIDVariable, at: location)
        self.privateKey = Template(Self.privateKeyVariable, at: location)
        self.location = location
    }

    /// The keys of `keyedTemplates` no request can go without: an empty value is a missing one,
    /// named before any step runs.
    public static let credentialKeys: Set<String> = ["key_id", "issuer_id", "private_key"]

    /// Every template the step reads, for the variables it needs and its fingerprint.
    public var keyedTemplates: [(String, Template)] {
        var pairs: [(String, Template)] = []
        if let file { pairs.append(("file", file)) }
        if let endpoint { pairs.append(("endpoint", endpoint)) }
        return pairs + [("key_id", keyID), ("issuer_id", issuerID), ("private_key", privateKey)]
    }
}
