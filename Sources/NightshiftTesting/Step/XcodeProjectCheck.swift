public import Foundation
import NightshiftCore

/// Checks `scheme:` and `test_plan:` against what xcodebuild lists, before anything builds: a
/// typo then fails in seconds with a did-you-mean, not after a ten-minute build.
public enum XcodeProjectCheck {
    /// `xcodebuild -list -json`: `{"project": {"schemes": […], …}}` or `{"workspace": {"schemes": […]}}`.
    /// nil when the output is not that shape (the build then says what is wrong).
    public static func schemes(in data: Data) -> [String]? {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        for key in ["workspace", "project"] {
            if let container = root[key] as? [String: Any], let schemes = container["schemes"] as? [String] { return schemes }
        }
        return nil
    }

    /// `xcodebuild -showTestPlans -json`: `{"testPlans": [{"name": …}], …}`; nil when not that shape.
    public static func testPlans(in data: Data) -> [String]? {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let plans = root["testPlans"] as? [Any]
        else { return nil }
        return plans.compactMap { ($0 as? [String: Any])?["name"] as? String ?? $0 as? String }
    }

    /// Why `name` is not among `known` (a did-you-mean and the list); nil when it is.
    public static func problem(_ what: String, _ name: String, among known: [String], in container: String) -> String? {
        guard !known.contains(name) else { return nil }
        let hint = Suggestion.closest(to: name, among: known).map { "did you mean '\($0)'? " } ?? ""
        let listed = known.isEmpty ? "it has none" : "it has: \(known.joined(separator: ", "))"
        return "\(container) has no \(what) '\(name)'; \(hint)\(listed)"
    }
}
