import NightshiftCore

extension UploadDestination {
    /// The loader's checks of values written out, by key: the retry settings and the `UploadKeys`
    /// this destination takes. Each runs the key's own decoder, as the upload will.
    public var valueChecks: [String: @Sendable (String) -> String?] {
        let checks: [UploadValueCheck] =
            switch self {
            case .testflight:
                [
                    UploadKeys.platform.check, UploadKeys.testflightMethod.check, UploadKeys.appID.check, UploadKeys.wait.check,
                    UploadKeys.waitTimeout.check, UploadKeys.endpoint.check, UploadKeys.submitForReview.check, UploadKeys.encryption.check,
                ]
            case .firebase: [UploadKeys.app.check, UploadKeys.endpoint.check, UploadKeys.tokenEndpoint.check]
            case .http: [UploadKeys.url.check, UploadKeys.method.check]
            case .folder: []
            case .crashlytics: [UploadKeys.requireAll.check, UploadKeys.crashlyticsPlatform.check]
            case .sentry: [UploadKeys.requireAll.check, UploadKeys.url.check]
            case .bugsnag: [UploadKeys.requireAll.check, UploadKeys.endpoint.check]
            }
        return Dictionary(uniqueKeysWithValues: (checks + ["attempts", "backoff"].map(retryCheck)).map { ($0.key, $0.problem) })
    }

    /// `attempts:` and `backoff:` through `UploadSettings.retryPolicy(for:)`, their one decoder.
    private func retryCheck(_ key: String) -> UploadValueCheck {
        UploadValueCheck(key: key) { [self] text in
            do throws(UploadError) {
                _ = try UploadSettings([key: .scalar(Template(text))]).retryPolicy(for: self)
                return nil
            } catch {
                return error.message
            }
        }
    }
}

/// A key's decoder with its value type forgotten: what is wrong with a text, or nil.
public struct UploadValueCheck: Sendable {
    public let key: String
    public let problem: @Sendable (String) -> String?
}

extension UploadKey {
    public var check: UploadValueCheck {
        UploadValueCheck(key: name) { text in
            do throws(UploadValueProblem) {
                _ = try decode(text)
                return nil
            } catch {
                return error.message
            }
        }
    }
}
