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
}
