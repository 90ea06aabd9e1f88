public import Foundation

/// The check of a `notify:` URL: an http or https URL with a host. The loader runs it on a URL
/// written out; the run, on the URL its variables expand to. Its problems never quote the URL:
/// a webhook URL is a credential.
public enum NotificationURL {
    public static func parse(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// The parts of a webhook URL that are its credential, each alone: the path segments and
    /// query values that look like one (a Slack URL's token is its last segment, a Teams
    /// workflow's its `sig`), as written and percent-decoded, and the user's password. A server
    /// may echo any one of them alone (issue #38 §8), so each is masked as a secret, not only the
    /// whole URL. Words (`services`, `workflows`, `success`) are left out: masked, they would
    /// hide the same word everywhere in the message sent.
    public static func secretParts(of url: URL) -> [String] {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return [] }
        var parts = components.percentEncodedPath.split(separator: "/").map(String.init)
        parts += (components.percentEncodedQueryItems ?? []).compactMap(\.value)
        let decoded = parts.compactMap { $0.removingPercentEncoding }
        let password = [components.percentEncodedPassword, components.password].compactMap { $0 }.filter { !$0.isEmpty }
        return Array(Set((parts + decoded).filter(looksLikeCredential) + password)).sorted()
    }

    /// Eight characters or more holding letters and digits (a token, an id, a signature), or
    /// twenty or more of anything (a token that happens to be letters only).
    static func looksLikeCredential(_ part: String) -> Bool {
        let letters = part.unicodeScalars.contains { CharacterSet.letters.contains($0) }
        let digits = part.unicodeScalars.contains { CharacterSet.decimalDigits.contains($0) }
        return part.count >= 20 || (part.count >= 8 && letters && digits)
    }
}
