/// When a lane runs by itself: Jenkins cron syntax, kept as text until the scheduler reads it.
public struct Schedule: Sendable, Hashable {
    public enum Trigger: String, Sendable, Hashable {
        /// Fire at every matching minute.
        case always
        /// Poll-SCM: fire only when the repository moved since the last successful run.
        case changed
    }

    /// The cron text, possibly several lines, `#` comments and a `TZ=` first line.
    public var cron: String
    /// What `H` is hashed from (the lane's name when nil, like a Jenkins job of the same name).
    public var seed: String?
    public var trigger: Trigger
    /// IANA zone the cron text is read in (the system zone when nil and no `TZ=` line).
    public var timeZone: String?
    /// How old a missed firing may be and still run once on wake.
    public var catchUp: Duration
    /// For `when: changed`: the remote and branch to compare (`git ls-remote`), else the current
    /// branch's upstream after a fetch (`GitRevisionProbe`).
    public var remote: String?
    public var branch: String?
    /// `options:`: the lane options each firing runs with (`nightshift run LANE name=value…`).
    public var options: [String: String] = [:]
    /// Where each of `options` is written, for errors about it.
    public var optionLocations: [String: SourceLocation] = [:]
    public var location: SourceLocation?

    public init(
        cron: String, seed: String? = nil, trigger: Trigger = .always, timeZone: String? = nil,
        catchUp: Duration = .seconds(3600), remote: String? = nil, branch: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.cron = cron
        self.seed = seed
        self.trigger = trigger
        self.timeZone = timeZone
        self.catchUp = catchUp
        self.remote = remote
        self.branch = branch
        self.location = location
    }
}
