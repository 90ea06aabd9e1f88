/// What `nightshift init` learns of an app's Xcode project: the scheme that builds the app, the
/// build configurations a staging and a production build come from, and per build configuration
/// the app's bundle id, team and every bundle signed with a profile of its own.
public struct AppProject: Sendable, Hashable {
    public var container: XcodeProjectSurvey.Container
    public var scheme: String
    /// Every build configuration of the project, as Xcode lists them.
    public var buildConfigurations: [String]
    public var staging: Build
    public var production: Build

    /// The app as one build configuration builds it.
    public struct Build: Sendable, Hashable {
        public var buildConfiguration: String
        public var appIdentifier: String
        public var teamID: String?
        /// `PLATFORM_NAME` of the app: iphoneos, macosx, appletvos, xros.
        public var platform: String
        /// The app first, then its extensions, watch app, App Clip.
        public var bundles: [SignedBundles.Bundle]

        public var isMac: Bool { platform == "macosx" }
    }

    /// Why the project cannot be read into a lanes file, and what to do.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
        public var notes: [String]

        public init(_ description: String, notes: [String] = []) {
            self.description = description
            self.notes = notes
        }
    }
}

/// Which build configuration a staging and a production build come from, by the names teams
/// give them. Debug builds are never chosen while another configuration exists.
public enum BuildConfigurationRoles {
    static let productionWords = ["production", "prod", "appstore", "app store", "app-store", "distribution", "release"]
    static let stagingWords = ["staging", "stage", "beta", "adhoc", "ad-hoc", "ad hoc", "qa", "internal", "testing", "enterprise"]

    public static func pick(_ configurations: [String]) -> (staging: String, production: String)? {
        let candidates = configurations.filter { !$0.lowercased().contains("debug") }
        let pool = candidates.isEmpty ? configurations : candidates
        guard let fallback = pool.last else { return nil }
        let production = first(matching: productionWords, in: pool) ?? fallback
        let staging = first(matching: stagingWords, in: pool.filter { $0 != production }) ?? production
        return (staging, production)
    }

    /// The first configuration containing the earliest word of `words` that any contains.
    private static func first(matching words: [String], in configurations: [String]) -> String? {
        for word in words {
            if let match = configurations.first(where: { $0.lowercased().contains(word) }) { return match }
        }
        return nil
    }
}
