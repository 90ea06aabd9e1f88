import Foundation
import NightshiftCore
import NightshiftSchema

/// What `--dry-run` prints for `method: api`: every request a real run would make, in order, with
/// the key's id (the key itself is never read). No request is made, not even the app lookup.
enum AppStoreConnectDryRun {
    static func lines(file: String, settings: UploadSettings, bundle: Result<IPABundleInfo, UploadError>? = nil) -> [String] {
        let endpoint = settings.string("endpoint") ?? TestFlightSettings.defaultEndpoint.absoluteString
        let name = (file as NSString).lastPathComponent
        let size = FileDigest.size(of: file).map { "\($0) bytes" } ?? "its size"
        // The real upload's decoders (`TestFlightSettings`), so `wait: no` reads the same here; the
        // loader already refused a value they cannot read.
        let waits = (try? settings.value(UploadKeys.wait, for: .testflight)) ?? true
        let submits = (try? settings.value(UploadKeys.submitForReview, for: .testflight)) ?? false
        let groups = settings.list("groups")
        let key = settings.string("issuer_id")?.isEmpty == true ? "individual key" : "key"
        let read = "  read CFBundleShortVersionString, CFBundleVersion and CFBundleIdentifier from \(name) (unzip)"
        let info = try? bundle?.get()
        let found: String =
            switch bundle {
            case .success(let info)?: ": \(info.displayVersion), \(info.bundleID)"
            case .failure(let error)?: ": it cannot be read now (\(error.message))"
            case nil: ""
            }
        var lines = [
            "would upload \(file) to App Store Connect through its API at \(endpoint), signed in with \(key) \(settings.string("key_id") ?? "") (ES256 token)",
            read + found,
        ]
        if settings.string("app_id") == nil {
            lines.append("  GET /v1/apps?filter[bundleId]=\(info?.bundleID ?? "<the .ipa's bundle id>")")
        }
        if !groups.isEmpty { lines.append("  GET /v1/betaGroups?filter[app]=<app id> (check \(groups.joined(separator: ", ")) exist)") }
        lines += [
            "  POST /v1/buildUploads (\(info.map { "version \($0.shortVersion), build \($0.version)" } ?? "the .ipa's version and build"))",
            "  POST /v1/buildUploadFiles (\(name), \(size), com.apple.ipa, ASSET)",
            "  send each upload operation Apple returns, \(TestFlightUploader.defaultPartConcurrency) parts at a time, without Authorization",
            "  PATCH /v1/buildUploadFiles/<id> (uploaded, SHA-256)",
        ]
        guard waits else { return lines + ["  then stop: 'wait: false'"] }
        let timeout = settings.string("wait_timeout") ?? DurationFormatting.exact(TestFlightSettings.defaultWaitTimeout)
        lines.append("  GET /v1/buildUploads/<id> until COMPLETE, then GET /v1/builds/<id> until VALID (at most \(timeout))")
        if settings.string("notes") != nil {
            lines.append(
                "  GET /v1/builds/<id>/betaBuildLocalizations, then POST or PATCH What to Test (\(settings.string("locale") ?? "en-US"))")
        }
        for group in groups { lines.append("  POST /v1/betaGroups/<\(group)>/relationships/builds") }
        if submits { lines.append("  POST /v1/betaAppReviewSubmissions") }
        return lines
    }
}
