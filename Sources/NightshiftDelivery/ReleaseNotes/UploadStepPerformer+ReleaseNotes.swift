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
        let (text, origin) = try await GitReleaseNotes(destination: destination).notes(in: context)
        await context.log("release notes from git, \(origin):")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { await context.log("  \(line)") }
        await context.exports.set(NightshiftVariable.releaseNotes.name, text)
        var replaced = parameters
        replaced["notes"] = .scalar(Template(text))
        return replaced
    }
}
