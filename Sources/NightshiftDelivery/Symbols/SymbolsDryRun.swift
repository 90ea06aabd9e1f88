import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSchema
import NightshiftSystem

/// What a dry run says of a dSYM upload: the UUID check and the tool's command through the
/// recording shell (built by the code a real run uses, the token in its environment, not shown),
/// BugSnag's requests as lines. Nothing is read from the archive and nothing is sent.
extension UploadStepPerformer {
    func describeSymbols(
        _ destination: UploadDestination, folder: String, archive: String?, settings: UploadSettings, in context: StepContext
    ) async throws {
        let check = settings.string("require_all") == "true" ? "an error" : "a warning"
        if let archive {
            await context.log(
                "would compare every binary of \(archive)/Products/Applications/*.app with the dSYMs in \(folder) by UUID; "
                    + "a binary without one is \(check)")
            _ = try await context.run(DwarfdumpUUIDs.command(["<binaries of the app>", "\(folder)/*.dSYM"]))
        }
        switch destination {
        case .sentry:
            // A dry run may not have the token's variable; the command is the same without it.
            var filled = settings
            if filled.string("auth_token") == nil { filled.parameters["auth_token"] = .scalar(Template(Secret.mask)) }
            let sentry: SentrySettings
            do throws(UploadError) {
                sentry = try SentrySettings(filled)
            } catch {
                throw StepFailure(error.description, reason: error.reason)
            }
            _ = try await context.run(SentryUploader.command(sentry, folder: folder))
            await context.log("  with SENTRY_AUTH_TOKEN=\(Secret.mask) in its environment")
        case .crashlytics:
            let tool = settings.string("upload_symbols") ?? "<upload-symbols from the package checkouts or Pods/FirebaseCrashlytics>"
            let plist = settings.string("google_service_plist") ?? "<the app's GoogleService-Info.plist>"
            let platform = (try? settings.value(UploadKeys.crashlyticsPlatform, for: .crashlytics)) ?? .ios
            _ = try await context.run(CrashlyticsUploader.command(tool: tool, plist: plist, platform: platform, folder: folder))
        case .bugsnag:
            let endpoint = settings.string("endpoint") ?? BugsnagSettings.defaultEndpoint.absoluteString
            await context.log(
                "would POST each DWARF file of \(folder)/*.dSYM to \(endpoint)/dsym as multipart/form-data (apiKey \(Secret.mask), dsym)")
        case .testflight, .firebase, .http, .folder:
            break
        }
    }
}
