import Foundation

/// The one rule for following a JSON:API list's `links.next` from App Store Connect, for every
/// client that pages (build numbers, the provisioning API): the link must keep the API's scheme,
/// host and port, else it is not followed. Each page is fetched with the bearer token, so a
/// `next` on another host, or on `http://` of the same host (issue #38 §10), would hand the token
/// to whoever is there. Hosts and schemes compare as the URL standard does (case aside), and a
/// port left out is the scheme's own (`https://api` and `https://api:443` are one origin).
enum AppStoreConnectNextLink {
    /// The next page's URL, or nil when `next` leaves `api`'s origin (or is no URL).
    static func follow(_ next: String, from api: URL) -> URL? {
        guard let url = URL(string: next), let origin = Origin(url), origin == Origin(api) else { return nil }
        return url
    }

    private struct Origin: Equatable {
        var scheme: String
        var host: String
        var port: Int?

        init?(_ url: URL) {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
            self.scheme = scheme
            self.host = host
            self.port = url.port ?? Self.defaultPort[scheme]
        }

        private static let defaultPort = ["https": 443, "http": 80]
    }
}
