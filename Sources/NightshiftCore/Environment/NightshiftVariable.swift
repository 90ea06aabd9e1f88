/// Every `NIGHTSHIFT_*` variable nightshift sets or reads, in one place; README ("Variables
/// nightshift sets") says what each holds. A step's script can rely on these names, so they never
/// change.
public enum NightshiftVariable: String, CaseIterable, Sendable {
    /// The run's id (`20250615-150640-ab12`); a value set by whoever launched nightshift wins.
    case runID = "NIGHTSHIFT_RUN_ID"
    /// The run's own output folder (archives, the .ipa, ExportOptions.plist).
    case outputDirectory = "NIGHTSHIFT_OUTPUT_DIR"
    /// The run's step logs.
    case logDirectory = "NIGHTSHIFT_LOG_DIR"
    /// The configuration in force, and its values as expanded.
    case configuration = "NIGHTSHIFT_CONFIGURATION"
    case certificate = "NIGHTSHIFT_CERTIFICATE"
    case provisioningProfile = "NIGHTSHIFT_PROVISIONING_PROFILE"
    case buildConfiguration = "NIGHTSHIFT_BUILD_CONFIGURATION"
    case appIdentifier = "NIGHTSHIFT_APP_IDENTIFIER"
    case exportMethod = "NIGHTSHIFT_EXPORT_METHOD"
    case teamID = "NIGHTSHIFT_TEAM_ID"
    /// The exported .ipa, set by `export` for the steps after it; `upload` sends it by default.
    case ipaPath = "NIGHTSHIFT_IPA_PATH"
    /// Where the last upload put the build, as its destination reported it.
    case uploadURL = "NIGHTSHIFT_UPLOAD_URL"
    /// The build number an `archive: { build_number: … }` gave the build, and its version when
    /// it set one (`CURRENT_PROJECT_VERSION`, `MARKETING_VERSION`).
    case buildNumber = "NIGHTSHIFT_BUILD_NUMBER"
    case version = "NIGHTSHIFT_VERSION"
    /// What `notes: { from: git }` wrote: the subjects of the commits since the lane's last
    /// delivery, masked, for every later step.
    case releaseNotes = "NIGHTSHIFT_RELEASE_NOTES"
    /// Names to a `nightshift run` the scheduler started the lane lock it must hold; removed from
    /// what its steps see, so a step running nightshift again does not take it.
    case laneLock = "NIGHTSHIFT_LANE_LOCK"
    /// Hands a .p12's password to `openssl` through its environment, never its arguments.
    case p12Password = "NIGHTSHIFT_P12_PASSWORD"

    /// What every name starts with: a step's script never has to declare these.
    public static let prefix = "NIGHTSHIFT_"
    /// A lane option's variable: `NIGHTSHIFT_OPTION_` and its name in capitals (`LaneOption`).
    public static let optionPrefix = "NIGHTSHIFT_OPTION_"

    public var name: String { rawValue }
}
