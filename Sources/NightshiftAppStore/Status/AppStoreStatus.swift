/// What `nightshift appstore status` reads of a lane's app on its platform: each version not
/// replaced (its state, build and phased release) and each review submission in progress. Kept
/// between runs of `appstore status LANE --notify` (`AppStoreStatusMemory`) to tell what changed.
public struct AppStoreStatus: Codable, Sendable, Hashable {
    public struct Version: Codable, Sendable, Hashable {
        public var name: String
        public var state: String
        public var build: String?
        public var phasedRelease: String?

        public init(name: String, state: String, build: String?, phasedRelease: String?) {
            self.name = name
            self.state = state
            self.build = build
            self.phasedRelease = phasedRelease
        }
    }

    public struct Submission: Codable, Sendable, Hashable {
        public var id: String
        public var state: String

        public init(id: String, state: String) {
            self.id = id
            self.state = state
        }
    }

    public var bundleID: String
    public var platform: String
    public var appID: String
    public var versions: [Version]
    public var submissions: [Submission]

    public init(bundleID: String, platform: String, appID: String, versions: [Version], submissions: [Submission]) {
        self.bundleID = bundleID
        self.platform = platform
        self.appID = appID
        self.versions = versions
        self.submissions = submissions
    }

    /// As `appstore status` prints it.
    public var lines: [String] {
        var lines = ["\(bundleID) (\(platform)), app \(appID)"]
        for version in versions {
            var line = "  version \(version.name): \(version.state)"
            if let build = version.build { line += ", build \(build)" }
            if let phased = version.phasedRelease { line += ", phased release \(phased)" }
            lines.append(line)
        }
        for submission in submissions {
            lines.append(
                "  review submission \(submission.id): \(submission.state), "
                    + "https://appstoreconnect.apple.com/apps/\(appID)/appstore/reviewsubmissions/details/\(submission.id)")
        }
        if lines.count == 1 { lines.append("  nothing in progress") }
        return lines
    }

    /// One state that moved: a version's, its phased release's or a review submission's. `from`
    /// nil: it appeared; `to` nil: it is no longer in progress.
    public struct Change: Sendable, Hashable, CustomStringConvertible {
        public var subject: String
        public var from: String?
        public var to: String?

        /// `WAITING_FOR_REVIEW → IN_REVIEW`.
        public var transition: String { "\(from ?? "none") → \(to ?? "no longer in progress")" }
        public var description: String { "\(subject): \(transition)" }
    }

    /// What moved since `previous` (of the same app and platform): version states, phased
    /// release states, review submission states. Builds are not compared: a build is attached
    /// by the release, which says so itself.
    public func changes(since previous: AppStoreStatus) -> [Change] {
        func moved<Key: Hashable>(_ before: [Key: String], _ after: [Key: String], _ subject: (Key) -> String, order: [Key]) -> [Change] {
            order.compactMap { key in before[key] == after[key] ? nil : Change(subject: subject(key), from: before[key], to: after[key]) }
        }
        let versionNames = Self.ordered(previous.versions.map(\.name) + versions.map(\.name))
        let submissionIDs = Self.ordered(previous.submissions.map(\.id) + submissions.map(\.id))
        func states(_ versions: [Version]) -> [String: String] {
            Dictionary(versions.map { ($0.name, $0.state) }, uniquingKeysWith: { first, _ in first })
        }
        func phased(_ versions: [Version]) -> [String: String] {
            Dictionary(
                versions.compactMap { version in version.phasedRelease.map { (version.name, $0) } }, uniquingKeysWith: { first, _ in first }
            )
        }
        func reviews(_ submissions: [Submission]) -> [String: String] {
            Dictionary(submissions.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
        }
        return moved(states(previous.versions), states(versions), { "version \($0)" }, order: versionNames)
            + moved(phased(previous.versions), phased(versions), { "phased release of \($0)" }, order: versionNames)
            + moved(reviews(previous.submissions), reviews(submissions), { "review submission \($0)" }, order: submissionIDs)
    }

    private static func ordered(_ keys: [String]) -> [String] {
        var seen: Set<String> = []
        return keys.filter { seen.insert($0).inserted }
    }
}
