/// One step of a lane: what it does, plus the options every step kind accepts.
public struct Step: Sendable, Hashable {
    public var kind: StepKind
    public var options: StepOptions
    public var location: SourceLocation?

    public init(_ kind: StepKind, options: StepOptions = StepOptions(), location: SourceLocation? = nil) {
        self.kind = kind
        self.options = options
        self.location = location
    }

    /// The name reports use: the user's `name:`, else one derived from the kind.
    public var displayName: String { options.name ?? kind.defaultName }
}

public enum StepKind: Sendable, Hashable {
    /// A shell script, run by `/bin/sh -c`.
    case sh(ShellScript)
    /// Call another lane: its steps run inline.
    case lane(String)
    /// import_certificate + install_profile + archive + export.
    case package
    /// `package`, then the exported Mac app into a dmg, zip or pkg (`package: { dmg: … }`).
    case packageInto(PackageContainer)
    case importCertificate
    case installProfile
    /// `archive`, or `archive: { build_number: …, version: … }`.
    case archive(ArchiveStepSettings)
    case export
    case upload(UploadTarget)
    /// Runs an app's tests on fresh simulators, or a package's through `swift test`.
    case test(TestStepSettings)
    /// Sends a signed file to Apple's notary service, waits for its verdict, then staples it.
    case notarize(NotarizeSettings)

    /// The bare `archive`: the project's own build number and version.
    public static var archive: StepKind { .archive(ArchiveStepSettings()) }

    /// `signing: sync`: the configuration's certificate and profiles from App Store Connect
    /// (`codesigning: { from: appstoreconnect }`), written where the import and install read them.
    case signingSync
    /// Prepares the App Store version, attaches a build, submits it for review.
    case release(ReleaseSettings)

    /// The key that introduces the kind in lanes.yml.
    public var keyword: StepKeyword {
        switch self {
        case .sh: .sh
        case .lane: .lane
        case .package, .packageInto: .package
        case .importCertificate: .importCertificate
        case .installProfile: .installProfile
        case .archive: .archive
        case .export: .export
        case .upload: .upload
        case .test: .test
        case .notarize: .notarize
        case .signingSync: .signing
        case .release: .release
        }
    }

    public var defaultName: String {
        switch self {
        case .sh(let script): script.raw.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "sh"
        case .lane(let name): "lane \(name)"
        case .upload(let target): "upload to \(target.destinationName)"
        case .packageInto(let container): "package \(container.format.rawValue)"
        case .test(let settings):
            if case .package(let folder) = settings.subject { "swift test \(folder.raw)" } else { "test" }
        case .signingSync: "signing sync"
        case .release: "release to the App Store"
        default: keyword.rawValue
        }
    }

    /// Whether the step signs, builds or exports (and so needs a configuration and codesigning).
    public var needsSigning: Bool {
        switch self {
        case .package, .packageInto, .importCertificate, .installProfile, .archive, .export, .signingSync: true
        case .sh, .lane, .upload, .test, .notarize, .release: false
        }
    }

    /// Whether the step builds or exports the app, and so needs `project:` (the archive's
    /// product name, workspace and scheme).
    public var needsProject: Bool {
        switch self {
        // `signing: sync` reads the bundle ids the project's scheme signs.
        case .package, .packageInto, .archive, .export, .signingSync: true
        // An Xcode test step builds the project's scheme; a package's tests need no project.
        case .test(let settings):
            if case .xcode = settings.subject { true } else { false }
        case .sh, .lane, .upload, .importCertificate, .installProfile, .notarize, .release: false
        }
    }
}
