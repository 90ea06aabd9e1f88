public import NightshiftCore
public import NightshiftSystem
/// The two xcodebuild invocations, as argv arrays.
public enum XcodebuildCommands {
    public static let defaultDestination = "generic/platform=iOS"

    /// What `archive` needs, already resolved from lanes.yml and the environment.
    public struct ArchiveSettings: Sendable, Hashable {
        public var workspace: String?
        public var project: String?
        public var scheme: String
        public var buildConfiguration: String
        public var destination: String
        public var teamID: String?
        public var profileName: String
        public var signingIdentity: String
        /// `CURRENT_PROJECT_VERSION` and `MARKETING_VERSION`; nil: the project's own.
        public var buildNumber: String?
        public var marketingVersion: String?

        public init(
            workspace: String?, project: String?, scheme: String, buildConfiguration: String, destination: String,
            teamID: String?, profileName: String, signingIdentity: String, buildNumber: String? = nil, marketingVersion: String? = nil
        ) {
            self.workspace = workspace
            self.project = project
            self.scheme = scheme
            self.buildConfiguration = buildConfiguration
            self.destination = destination
            self.teamID = teamID
            self.profileName = profileName
            self.signingIdentity = signingIdentity
            self.buildNumber = buildNumber
            self.marketingVersion = marketingVersion
        }
    }

    /// Manual signing is passed as build settings on the command line, so the .xcodeproj is never
    /// edited; the index store is skipped because nobody browses an archive build's index.
    public static func archive(_ settings: ArchiveSettings, paths: BuildPaths, xcodebuild: String = "xcodebuild") -> ShellCommand {
        var arguments = ["archive"]
        if let workspace = settings.workspace {
            arguments += ["-workspace", workspace]
        } else if let project = settings.project {
            arguments += ["-project", project]
        }
        arguments += [
            "-scheme", settings.scheme,
            "-configuration", settings.buildConfiguration,
            "-destination", settings.destination,
            "-archivePath", paths.archive,
            "-derivedDataPath", paths.derivedData,
            "CODE_SIGN_STYLE=Manual",
        ]
        if let team = settings.teamID { arguments.append("DEVELOPMENT_TEAM=\(team)") }
        arguments += [
            "PROVISIONING_PROFILE_SPECIFIER=\(settings.profileName)",
            "CODE_SIGN_IDENTITY=\(settings.signingIdentity)",
            "COMPILER_INDEX_STORE_ENABLE=NO",
        ]
        // Build settings too, for the same reason: git stays clean, and `--resume` sees no change.
        if let number = settings.buildNumber { arguments.append("CURRENT_PROJECT_VERSION=\(number)") }
        if let version = settings.marketingVersion { arguments.append("MARKETING_VERSION=\(version)") }
        return ShellCommand(xcodebuild, arguments)
    }

    public static func export(paths: BuildPaths, xcodebuild: String = "xcodebuild") -> ShellCommand {
        ShellCommand(
            xcodebuild,
            [
                "-exportArchive",
                "-archivePath", paths.archive,
                "-exportPath", paths.exportFolder,
                "-exportOptionsPlist", paths.exportOptionsPlist,
            ])
    }
}
