public import NightshiftCore
import NightshiftSchema

extension LanesKeys {
    /// What every step takes besides its kind.
    public static let stepOptions = KeyMapping([
        KeySpec("name", .text, "What the console and reports call the step."),
        KeySpec("env", .named(.text, keys: variableName), "Variables for this step."),
        KeySpec("timeout", .duration, "The longest the step may run."),
        KeySpec("no_output_timeout", .duration, "Stop the step when it prints nothing for this long."),
        KeySpec("retry", .either([.whole(minimum: 0, maximum: InputLimits.mostRetries), .mapping(retry)]), "Run it again when it fails."),
        KeySpec("if", .text, "A condition (`${BRANCH} == main`, `success()`…) the step runs under."),
        KeySpec("always", .flag, "Run even after an earlier step failed."),
        KeySpec("continue_on_error", .flag, "A failure of this step does not fail the lane."),
        KeySpec("locks", .texts, "Named locks held while the step runs."),
    ])

    /// Options only one kind of step takes.
    public static let shOnlyOptions = KeyMapping([
        KeySpec("outputs", .list(.text), "Files the step makes, kept in the run folder and listed in reports.")
    ])
    public static let laneCallOptions = KeyMapping([
        KeySpec("options", .named(.text, keys: variableName), "Values of the called lane's options.")
    ])

    public static let retry = KeyMapping([
        KeySpec("times", .whole(minimum: 0, maximum: InputLimits.mostRetries), required: true, "How many more times to run it."),
        KeySpec("delay", .duration, "The wait before the first retry."),
        KeySpec(
            "backoff", .number(minimum: InputLimits.backoffFactors.lowerBound, maximum: InputLimits.backoffFactors.upperBound),
            "What the delay is multiplied by after each retry."),
    ])

    /// Each kind of step: its keyword, what follows it, and whether it may be written bare (`- package`).
    public static let stepKinds: [StepKindSpec] = StepKeyword.allCases.map { keyword in
        switch keyword {
        case .sh: StepKindSpec(keyword, .text, "A shell script, run with bash -e.")
        case .lane: StepKindSpec(keyword, .text, "Run another lane's steps here.")
        case .package:
            StepKindSpec(
                keyword, .either([.nothing, .mapping(packageContainer)]), bare: true,
                "Import the certificate, install the profiles, archive and export; with dmg/zip/pkg, also write that container.")
        case .importCertificate: StepKindSpec(keyword, .nothing, bare: true, "Import the configuration's certificate.")
        case .installProfile: StepKindSpec(keyword, .nothing, bare: true, "Install the configuration's profiles.")
        case .archive: StepKindSpec(keyword, .either([.nothing, .mapping(archive)]), bare: true, "xcodebuild archive.")
        case .export: StepKindSpec(keyword, .nothing, bare: true, "xcodebuild -exportArchive.")
        case .upload:
            StepKindSpec(
                keyword, .upload,
                "Send the build to TestFlight, Firebase, an HTTP server or a folder, or its dSYMs to Crashlytics, Sentry or BugSnag.")
        case .test:
            StepKindSpec(keyword, .either([.nothing, .mapping(test)]), bare: true, "Run the tests: xcodebuild test, or swift test.")
        case .notarize: StepKindSpec(keyword, .either([.nothing, .mapping(notarize)]), bare: true, "Notarize a Mac build and staple it.")
        case .signing: StepKindSpec(keyword, .choice(["sync"]), "`sync`: make the certificate and profiles on App Store Connect.")
        case .release:
            StepKindSpec(
                keyword, .either([.nothing, .mapping(release)]), bare: true,
                "Take a TestFlight build to the App Store: version, What's New, release type, phased release, review submission.")
        }
    }

    public static let release = KeyMapping([
        KeySpec("build", .text, "A build number, or `latest`: the newest valid build; the lane's archive's when absent."),
        KeySpec("version", .text, "The App Store version; the build's own when absent."),
        KeySpec(
            "whats_new", .either([.text, .named(.text)]),
            "One text for every locale, a text per locale (en-US: …), or `from: git` / `from: DIR`."),
        KeySpec(
            "release_type", .choice(ReleaseSettings.ReleaseType.allCases.map(\.rawValue)),
            "manual, after_approval, or scheduled (with earliest_release)."),
        KeySpec("earliest_release", .text, "When a scheduled release may happen, ISO 8601."),
        KeySpec("phased", .flag, "Release over 7 days (phased release); not on an app's first version."),
        KeySpec("encryption", .flag, "The export-compliance answer (usesNonExemptEncryption) for a build that has none."),
        KeySpec("submit", .flag, "false: prepare everything and stop before submitting for review."),
        KeySpec("cancel_previous", .flag, "Cancel a submission waiting for review first."),
        KeySpec("endpoint", .text, "App Store Connect's API root; APP_STORE_CONNECT_ENDPOINT, else Apple's."),
    ])

    public static let packageContainer = KeyMapping(
        PackageContainer.Format.allCases.map { format in KeySpec(format.rawValue, .text, "Write a .\(format.rawValue) at this path.") })

    public static let archive = KeyMapping([
        KeySpec("build_number", .mapping(buildNumber), "Where the build number (CFBundleVersion) comes from."),
        KeySpec("version", .text, "The marketing version (CFBundleShortVersionString) to set."),
        KeySpec("endpoint", .text, "App Store Connect's API root, for `from: appstoreconnect`."),
    ])

    public static let buildNumber = KeyMapping([
        KeySpec("from", .choice(BuildNumberSetting.sources), required: true, "appstoreconnect (latest + 1), git (commit count) or env."),
        KeySpec("variable", .text, "The variable of `from: env`; the CI's build number when absent."),
    ])

    public static let test = KeyMapping([
        KeySpec("scheme", .text, "The scheme to test; project.scheme when absent."),
        KeySpec("test_plan", .text, "The test plan to run."),
        KeySpec("destination", .either([.text, .mapping(testDestination)]), "A simulator nightshift creates, or a raw -destination."),
        KeySpec("only", .texts, "Run only these: Target, Target/Class or Target/Class/test."),
        KeySpec("skip", .texts, "Skip these: Target, Target/Class or Target/Class/test."),
        KeySpec("retries", .whole(minimum: 0, maximum: TestStepSettings.mostRetries), "Run failed tests again up to this many times."),
        KeySpec("shards", .whole(minimum: 1, maximum: TestStepSettings.mostShards), "Split the tests over this many simulators."),
        KeySpec("coverage", .either([.flag, .mapping(coverage)]), "Measure coverage; with `minimum:`, fail under it."),
        KeySpec("junit", .text, "Also write the JUnit report to this path."),
        KeySpec("package", .text, "A Swift package folder to run `swift test` in, instead of a scheme."),
        KeySpec("boot_timeout", .duration, "The longest a simulator may take to boot."),
        KeySpec("install_runtime", .flag, "Download the destination's simulator runtime first when the lane's Xcode lacks it."),
    ])

    public static let testDestination = KeyMapping([
        KeySpec("device", .text, required: true, "The simulator's device type, e.g. iPhone 16."),
        KeySpec("os", .text, "The runtime's version, e.g. \"18.2\"; the newest when absent."),
    ])

    public static let coverage = KeyMapping([
        KeySpec("minimum", .text, required: true, "The lowest line coverage that passes, e.g. 70%.")
    ])

    public static let notarize = KeyMapping([
        KeySpec("file", .text, "The .dmg, .zip or .pkg to notarize; the last packaged one when absent."),
        KeySpec("wait_timeout", .duration, "The longest to wait for Apple's verdict."),
        KeySpec("poll", .duration, "How often to ask for it."),
        KeySpec("endpoint", .text, "The Notary API root."),
        KeySpec("method", .choice(NotarizeSettings.Method.allCases.map(\.rawValue)), "api (the Notary REST API) or notarytool."),
    ])

    /// What an upload's value may be: text, a list (`groups:`) or a mapping (`headers:`).
    public static let uploadParameter = ValueShape.either([.text, .list(.text), .named(.text)])
}

/// One kind of step.
public struct StepKindSpec: Sendable {
    public let keyword: StepKeyword
    public let shape: ValueShape
    public let isBare: Bool
    public let summary: String

    init(_ keyword: StepKeyword, _ shape: ValueShape, bare: Bool = false, _ summary: String) {
        self.keyword = keyword
        self.shape = shape
        self.isBare = bare
        self.summary = summary
    }

    /// The options this kind takes besides the common ones.
    public var ownOptions: KeyMapping {
        switch keyword {
        case .sh: LanesKeys.shOnlyOptions
        case .lane: LanesKeys.laneCallOptions
        default: KeyMapping([])
        }
    }
}
