import NightshiftCore
import NightshiftEngine
import NightshiftSchema

extension UploadStepPerformer {
    /// `notes: { from: git }` replaced by the notes it stands for, which every later step also
    /// reads as `${NIGHTSHIFT_RELEASE_NOTES}`. A dry run works them out too, and shows them: git
    /// is only read.
    static func releaseNotes(
        _ parameters: [String: UploadParameter], destination: UploadDestination?, in context: StepContext
    ) async throws -> [String: UploadParameter] {
        guard case .map(let notes)? = parameters["notes"], notes["from"]?.raw == "git", let destination else { return parameters }
        let (text, origin) = try await GitReleaseNotes(limit: Self.releaseNotesLimit(for: destination)).notes(in: context)
        await context.log("release notes from git, \(origin):")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { await context.log("  \(line)") }
        await context.exports.set(NightshiftVariable.releaseNotes.name, text)
        var replaced = parameters
        replaced["notes"] = .scalar(Template(text))
        return replaced
    }

    /// What each destination takes: TestFlight's What to Test holds 4000 characters (App Store
    /// Connect's limit on `betaBuildLocalizations.whatToTest`); Firebase's release notes 16384
    /// (Firebase support, fastlane-plugin-firebase_app_distribution#165).
    static func releaseNotesLimit(for destination: UploadDestination) -> Int {
        switch destination {
        case .testflight: 4000
        case .firebase: 16_384
        case .http, .folder, .crashlytics, .sentry, .bugsnag: 16_384
        }
    }
}
