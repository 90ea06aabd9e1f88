import NightshiftCore

/// What the `release:` step found on App Store Connect and will change, read with GET requests
/// only: a dry run prints it, a real run carries it out (`AppStoreReleaseWrites`). `problems` are
/// everything Apple would refuse, found in one pass; a plan with any is not carried out.
struct AppStoreReleasePlan: Sendable {
    enum VersionAction: Sendable, Hashable {
        /// The editable version of the platform, its `versionString` already right.
        case reuse(id: String)
        /// The editable version of the platform, renamed to the version wanted.
        case renamed(id: String, from: String)
        case create
    }

    enum SubmissionAction: Sendable, Hashable {
        /// The open submission (`READY_FOR_REVIEW`), holding nothing or only this version.
        case reuse(id: String, holdsVersion: Bool)
        case create
    }

    struct WhatsNewChange: Sendable, Hashable {
        var locale: String
        /// nil: the localization does not exist yet and is created.
        var localizationID: String?
        var text: String
    }

    var appID: String
    var platform: String
    var buildID: String
    var buildNumber: String
    var versionString: String
    var version: VersionAction
    var isFirstVersion: Bool
    /// The build the version holds now, if any.
    var attachedBuildID: String?
    /// `usesNonExemptEncryption` to set on a build with no answer.
    var encryption: Bool?
    /// For `true`: the app's approved export compliance declaration, linked to the build.
    var encryptionDeclaration: String?
    var whatsNew: [WhatsNewChange] = []
    /// `releaseType` / `earliestReleaseDate` to set, when they differ.
    var releaseType: AppStoreReleaseRequest.ReleaseType?
    /// Create the phased release (true) or delete the one not started (its id).
    var createPhasedRelease = false
    var deletePhasedRelease: String?
    /// Submissions waiting for review to cancel first (`cancel_previous: true`).
    var cancel: [String] = []
    /// Submissions being cancelled: no new one can be created until they are gone.
    var canceling: [String] = []
    var submission: SubmissionAction = .create
    var submit = true
    /// The version already waits for review (or is in review) with this build: nothing to do.
    var alreadySubmitted: String?
    var notes: [String] = []
    var problems: [String] = []

    /// The plan as a dry run prints it.
    var lines: [String] {
        if let alreadySubmitted {
            return ["App Store: \(versionString) (\(platform)) with build \(buildNumber) is already \(alreadySubmitted)"]
        }
        var lines = ["App Store: app \(appID), \(platform), build \(buildNumber) (\(buildID))"]
        switch version {
        case .reuse(let id): lines.append("version \(versionString): reuse \(id)")
        case .renamed(let id, let from): lines.append("version \(versionString): reuse \(id), renamed from \(from)")
        case .create: lines.append("version \(versionString): create\(isFirstVersion ? " (the app's first on \(platform))" : "")")
        }
        if attachedBuildID != buildID { lines.append("attach build \(buildNumber) to the version") }
        if let encryption {
            lines.append(
                "export compliance: usesNonExemptEncryption = \(encryption)"
                    + (encryptionDeclaration.map { ", declaration \($0) linked to the build" } ?? ""))
        }
        for change in whatsNew {
            let target = change.localizationID.map { "update \($0)" } ?? (version == .create ? "on the new version" : "new localization")
            lines.append("What's New \(change.locale) (\(target)): \(change.text)")
        }
        if let releaseType {
            lines.append("release type: \(releaseType.apple)\(releaseType.earliest.map { ", earliest \($0)" } ?? "")")
        }
        if createPhasedRelease { lines.append("phased release: create") }
        if let deletePhasedRelease { lines.append("phased release: delete \(deletePhasedRelease)") }
        for id in cancel { lines.append("cancel review submission \(id)") }
        for id in canceling { lines.append("wait for review submission \(id) to finish cancelling") }
        switch submission {
        case .reuse(let id, _): lines.append("review submission: reuse \(id)")
        case .create: lines.append("review submission: create")
        }
        lines.append(submit ? "submit for review" : "stop before submitting (submit: false)")
        lines += notes.map { Diagnostic.note($0).description }
        lines += problems.map { "problem: \($0)" }
        return lines
    }
}
