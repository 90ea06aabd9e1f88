public import Foundation

/// The decoders of the keys that take one value and can be wrong in more ways than missing.
/// Text keys (`key_id`, `path`, `notes`…), lists and `headers` are read as they are; `attempts`
/// and `backoff` are decoded by `UploadSettings.retryPolicy(for:)`.
public enum UploadKeys {
    /// altool's `-t`.
    public static let platforms: Set<String> = ["ios", "appletvos", "macos", "visionos"]

    public static let platform = UploadKey("platform") { text throws(UploadValueProblem) in
        guard platforms.contains(text) else {
            throw UploadValueProblem("'platform: \(text)' must be one of \(platforms.sorted().joined(separator: ", "))")
        }
        return text
    }

    public static let app = UploadKey("app") { text throws(UploadValueProblem) in try FirebaseAppID(text) }

    /// Firebase's API root, without a trailing slash.
    public static let endpoint = UploadKey("endpoint") { text throws(UploadValueProblem) in
        guard let url = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text), url.host != nil else {
            throw UploadValueProblem("'endpoint: \(text)' is not a URL")
        }
        return url
    }

    public static let tokenEndpoint = UploadKey("token_endpoint") { text throws(UploadValueProblem) in
        guard let url = URL(string: text) else { throw UploadValueProblem("'token_endpoint: \(text)' is not a URL") }
        return url
    }

    public static let url = UploadKey("url") { text throws(UploadValueProblem) in
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else {
            throw UploadValueProblem("'url: \(URL(string: text)?.printable ?? "…")' is not an http(s) URL")
        }
        return url
    }

    public static let method = UploadKey("method") { text throws(UploadValueProblem) in
        guard let method = HTTPUploadMethod(rawValue: text.uppercased()) else {
            throw UploadValueProblem("'method: \(text.uppercased())' must be PUT (the raw file) or POST (multipart)")
        }
        return method
    }
}
