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
        /// The per-bundle signing settings (`SigningXCConfig`), passed with `-xcconfig`.
        public var signingXCConfig: String
        /// `CURRENT_PROJECT_VERSION` and `MARKETING_VERSION`; nil: the project's own.
        public var buildNumber: String?
        public var marketingVersion: String?

        public init(
            workspace: String?, project: String?, scheme: String, buildConfiguration: String, destination: String,
            signingXCConfig: String, buildNumber: String? = nil, marketingVersion: String? = nil
        ) {
            self.workspace = workspace
            self.project = project
            self.scheme = scheme
            self.buildConfiguration = buildConfiguration
            self.destination = destination
            self.signingXCConfig = signingXCConfig
            self.buildNumber = buildNumber
            self.marketingVersion = marketingVersion
        }
    }

    /// Signing comes from the `-xcconfig` file, keyed per bundle: a signing setting on the command
    /// line would reach every target, Swift package targets and plugins included, and fail them.
    /// Nothing is written into the project, so git stays clean and `--resume` sees no change. The
    /// index store is skipped because nobody browses an archive build's index.
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
            "-archivePath", paths.archive.string,
            "-derivedDataPath", paths.derivedData.string,
            "-xcconfig", settings.signingXCConfig,
            "COMPILER_INDEX_STORE_ENABLE=NO",
        ]
        // The same number for every target: App Store Connect refuses an extension whose
        // CFBundleVersion differs from its app's, so it is not keyed per bundle.
        if let number = settings.buildNumber { arguments.append("CURRENT_PROJECT_VERSION=\(number)") }
        if let version = settings.marketingVersion { arguments.append("MARKETING_VERSION=\(version)") }
        return ShellCommand(xcodebuild, arguments)
    }

    public static func export(paths: BuildPaths, xcodebuild: String = "xcodebuild") -> ShellCommand {
        ShellCommand(
            xcodebuild,
            [
                "-exportArchive",
                "-archivePath", paths.archive.string,
                "-exportPath", paths.exportFolder.string,
                "-exportOptionsPlist", paths.exportOptionsPlist.string,
            ])
    }
}
