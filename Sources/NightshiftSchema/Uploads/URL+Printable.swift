public import Foundation

extension URL {
    /// The URL for messages: no query, user, password or fragment, where credentials hide.
    public var printable: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return absoluteString }
        components.query = nil
        components.user = nil
        components.password = nil
        components.fragment = nil
        return components.string ?? absoluteString
    }
}
