import NightshiftKit

/// The bundled lanes.yml, built by hand until the loader can read the real file
/// (switch `file` to the loader then; the goldens must not change).
enum BundledLanes {
    static func at(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: "lanes.yml", line: line, column: column)
    }

    static let file = LanesFile(
        path: "lanes.yml",
        project: Project(name: "Brewer", workspace: "Brewer.xcworkspace", scheme: "Brewer"),
        secrets: ["KEYCHAIN_PASSWORD", "CERTIFICATE_PASSWORD"],
        codesigning: Codesigning(
            path: Template("${CODESIGNING_PATH}", at: at(7, 9)),
            certificatePassword: Template("${CERTIFICATE_PASSWORD}", at: at(8, 25)),
            keychain: KeychainSettings(
                name: Template("${KEYCHAIN_NAME}", at: at(9, 21)),
                password: Template("${KEYCHAIN_PASSWORD}", at: at(9, 51))
            )
        ),
        configurations: [
            Configuration(
                name: "staging", certificate: "ios_distribution", provisioningProfile: "Brewer_Staging",
                buildConfiguration: "Staging", appIdentifier: "works.sth.brewer.staging", exportMethod: "ad-hoc",
                location: at(11, 3)
            ),
            Configuration(
                name: "production", certificate: "ios_distribution", provisioningProfile: "Brewer_Production",
                buildConfiguration: "Production", appIdentifier: "works.sth.brewer.production", exportMethod: "ad-hoc",
                location: at(17, 3)
            ),
        ],
        lanes: [developerRelease, qaRelease, lint]
    )

    static let developerRelease = Lane(
        name: "developer-release", description: "Nightly staging build for the developers", configuration: "staging",
        schedule: Schedule(cron: "H 0 * * 0-4", location: at(24, 15)),
        steps: [
            Step(.package, location: at(26, 9)),
            Step(.upload(UploadTarget(destination: "firebase", parameters: [
                "app": .scalar(Template("${FIREBASE_APP_ID}", at: at(27, 35))),
                "groups": .list(["developers"]),
            ])), location: at(27, 9)),
        ],
        location: at(21, 3)
    )

    static let qaRelease = Lane(
        name: "qa-release", description: "Weekly production build for QA", configuration: "production",
        schedule: Schedule(cron: "H 6 * * 1", location: at(31, 15)),
        steps: [
            Step(.package, location: at(33, 9)),
            Step(.upload(UploadTarget(destination: "testflight")), location: at(34, 9)),
        ],
        location: at(28, 3)
    )

    static let lint = Lane(
        name: "lint", description: "Static checks",
        steps: [Step(.sh(Template("swiftlint --strict", at: at(38, 13))), options: StepOptions(name: "SwiftLint"), location: at(38, 9))],
        location: at(35, 3)
    )
}
