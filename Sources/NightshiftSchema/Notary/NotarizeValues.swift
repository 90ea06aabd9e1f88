public import Foundation

/// The checks of `notarize:`'s values, one rule for both places that read them: the loader, on a
/// value written out (a bad lanes.yml fails with its line before any step runs), and the step, on
/// the value its variables expand to.
public enum NotarizeValues {
    /// What Apple's notary service accepts: a zip archive, a disk image, a flat installer package
    /// (notarytool(1) `submit`; the Notary API's "Submit Software"). Any case: `App.ZIP` is a zip.
    public static let extensions = ["zip", "dmg", "pkg"]

    /// The Notary API's origin: an http or https URL with a host (`/notary/v2/…` is appended).
    public static func endpoint(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return nil }
        return url
    }

    public static func endpointProblem(_ text: String) -> String? {
        endpoint(text) == nil ? "must be an http or https URL with a host, e.g. https://appstoreconnect.apple.com" : nil
    }

    /// Why `file:` cannot be sent; nil when it can.
    public static func fileProblem(_ path: String) -> String? {
        if path.isEmpty { return "is empty" }
        if path.utf8.contains(0) { return "holds a NUL" }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        let suffix = (name as NSString).pathExtension.lowercased()
        guard extensions.contains(suffix), name.count > suffix.count + 1 else {
            return "must name a .zip, .dmg or .pkg file, the kinds Apple's notary service accepts"
        }
        return nil
    }
}
