import NightshiftCore
import Foundation
public import NightshiftSchema
import NightshiftSystem

/// `upload: { to: crashlytics }`: Firebase's `upload-symbols -gsp <GoogleService-Info.plist> -p
/// <platform> <dSYMs>` (firebase-ios-sdk#4966). The tool ships only inside the SDK, so it is
/// looked for where the SDK is: the Swift package checkouts (which fastlane does not search,
/// firebase-ios-sdk#6864, #12788), `Pods/FirebaseCrashlytics/`, or `upload_symbols:`. The Google
/// service file is the archived app's own unless `google_service_plist:` names one, so each
/// configuration's app reports to its own Firebase project.
public struct CrashlyticsUploader: DestinationUploader {
    public init() {}

    public func upload(
        _ request: UploadRequest, settings: CrashlyticsSettings, progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws -> UploadReceipt {
        let symbols = try request.symbolContext(for: .crashlytics)
        let tool = try Self.tool(settings, candidates: symbols.toolCandidates)
        let plist = try Self.googleServicePlist(settings, app: symbols.app)
        try await SymbolToolRun.run(
            Self.command(tool: tool, plist: plist, platform: settings.platform, folder: request.file.string), tool: "upload-symbols",
            request: request, shell: symbols.shell, destination: .crashlytics)
        return UploadReceipt(location: "Crashlytics (\(plist))")
    }

    static func command(tool: String, plist: String, platform: CrashlyticsPlatform, folder: String) -> ShellCommand {
        ShellCommand(tool, ["-gsp", plist, "-p", platform.argument, folder])
    }

    /// `upload_symbols:` when set (and then it must be there), else the first candidate there.
    static func tool(_ settings: CrashlyticsSettings, candidates: [String]) throws(UploadError) -> String {
        if let given = settings.uploadSymbols {
            guard FileManager.default.isExecutableFile(atPath: given) else {
                throw UploadError(.crashlytics, "'upload_symbols: \(given)' is not an executable file", reason: .missingFile)
            }
            return given
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw UploadError(
                .crashlytics,
                "Crashlytics' upload-symbols was not found; looked in: \(candidates.joined(separator: ", ")). "
                    + "Set 'upload_symbols:' to its path (it ships with the FirebaseCrashlytics SDK)",
                reason: .missingFile)
        }
        return found
    }

    /// Where an app keeps its `GoogleService-Info.plist`: at the top of an iOS bundle, in
    /// `Contents/Resources` of a macOS one.
    static func bundledPlists(in app: String) -> [String] {
        ["\(app)/GoogleService-Info.plist", "\(app)/Contents/Resources/GoogleService-Info.plist"]
    }

    static func googleServicePlist(_ settings: CrashlyticsSettings, app: String?) throws(UploadError) -> String {
        if let given = settings.googleServicePlist {
            guard FileManager.default.isReadableFile(atPath: given) else {
                throw UploadError(.crashlytics, "'google_service_plist: \(given)' is not a readable file", reason: .missingFile)
            }
            return given
        }
        let candidates = app.map(bundledPlists) ?? []
        guard let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            let looked = candidates.isEmpty ? "there is no archived app to take it from" : "looked in \(candidates.joined(separator: ", "))"
            throw UploadError(
                .crashlytics, "no GoogleService-Info.plist (\(looked)); set 'google_service_plist:'", reason: .missingFile)
        }
        return found
    }
}
