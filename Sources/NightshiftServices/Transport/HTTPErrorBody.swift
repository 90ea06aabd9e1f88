public import Foundation

/// What an API says went wrong, read from the error bodies of the APIs nightshift calls, so a
/// failure quotes the service's own words rather than a cut of raw JSON:
/// - Google's (`google.rpc.Status`): `{"error": {"code": 400, "message": "…", "status": "INVALID_ARGUMENT"}}`;
/// - Google's OAuth token endpoint: `{"error": "invalid_grant", "error_description": "…"}`;
/// - JSON:API's (App Store Connect): `{"errors": [{"status": "409", "code": "…", "title": "…", "detail": "…"}]}`.
public enum HTTPErrorBody {
    public static func explanation(_ body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        if let status = object["error"] as? [String: Any] { return google(status) }
        if let code = object["error"] as? String {
            return [code, object["error_description"] as? String].compactMap { $0 }.joined(separator: ": ")
        }
        if let errors = object["errors"] as? [[String: Any]], !errors.isEmpty {
            return errors.map(jsonAPI).joined(separator: "; ")
        }
        return nil
    }

    private static func google(_ status: [String: Any]) -> String? {
        let message = status["message"] as? String
        let name = status["status"] as? String
        guard message != nil || name != nil else { return nil }
        return [name, message].compactMap { $0 }.joined(separator: ": ")
    }

    /// `CODE: detail`: Apple's detail says what was wrong with this request; the title only
    /// names the kind of error, so it stands in when there is no detail.
    private static func jsonAPI(_ error: [String: Any]) -> String {
        [error["code"] as? String, (error["detail"] as? String) ?? (error["title"] as? String)].compactMap { $0 }.joined(
            separator: ": ")
    }
}
