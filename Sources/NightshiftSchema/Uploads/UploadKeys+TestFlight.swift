import NightshiftCore

/// The decoders of `upload: { to: testflight }`'s own keys.
extension UploadKeys {
    /// How a build reaches App Store Connect.
    public enum TestFlightMethod: String, Sendable, Hashable, CaseIterable {
        /// Apple's REST API (`buildUploads`, App Store Connect API 4.1): verified end to end.
        case api
        /// `xcrun altool --upload-app`, for machines where the API is not an option.
        case altool
    }

    /// `method: api | altool` (named like `to: http`'s `method:`, decoded differently).
    public static let testflightMethod = UploadKey("method") { text throws(UploadValueProblem) in
        guard let method = TestFlightMethod(rawValue: text.lowercased()) else {
            throw UploadValueProblem("'method: \(text)' must be api (App Store Connect's REST API) or altool")
        }
        return method
    }

    /// App Store Connect's numeric app id (the Apple ID on the app's page).
    public static let appID = UploadKey("app_id") { text throws(UploadValueProblem) in
        guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit) else {
            throw UploadValueProblem("'app_id: \(text)' must be the app's numeric Apple ID, as App Store Connect shows it")
        }
        return text
    }

    public static let wait = flag("wait")
    public static let submitForReview = flag("submit_for_review")
    /// `encryption: false|true`: the export-compliance answer set on a build that has none.
    public static let encryption = flag("encryption")

    /// `wait_timeout: 45m`, in the one duration grammar.
    public static let waitTimeout = UploadKey("wait_timeout") { text throws(UploadValueProblem) in
        let duration: Duration
        do throws(DurationProblem) {
            duration = try DurationParser.bounded(text)
        } catch {
            throw UploadValueProblem("'wait_timeout: \(text)' \(error)")
        }
        guard duration > .zero else { throw UploadValueProblem("'wait_timeout: \(text)' must be longer than zero") }
        return duration
    }

    /// `true` or `false`, as YAML writes them.
    static func flag(_ name: String) -> UploadKey<Bool> {
        UploadKey(name) { text throws(UploadValueProblem) in
            switch text.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: throw UploadValueProblem("'\(name): \(text)' must be true or false")
            }
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
