import NightshiftCore
public import NightshiftSchema

/// Which expanded settings of an upload are credentials. Here, not beside the schema, because an
/// `http:` upload's credentials are in its headers, which only the HTTP uploader knows how to read.
extension UploadDestination {
    /// The credentials among an upload's expanded settings, to be masked in everything the upload
    /// prints, even when they came from variables the run does not treat as secrets (an issuer
    /// id, a header filled from `${STORE_AUTH}`).
    /// A key file named by its path (`service_account: ci/key.json`) stays readable: the path is
    /// no secret, and an error about it must say which file.
    public func secretValues(in settings: UploadSettings) -> [String] {
        let values = secretKeys.sorted().compactMap { key in
            settings.string(key).flatMap { Self.keyFileKeys.contains(key) && Self.isPath($0) ? nil : $0 }
        }
        switch self {
        case .http: return values + SensitiveHeaders.credentials(in: settings.map("headers"))
        case .testflight, .firebase, .folder, .crashlytics, .sentry, .bugsnag: return values
        }
    }

    /// Keys that take either a key file's path or its content.
    static let keyFileKeys: Set<String> = ["private_key", "service_account"]

    static func isPath(_ value: String) -> Bool {
        !value.contains("\n") && !value.contains("{") && !value.contains("-----BEGIN")
    }
}
