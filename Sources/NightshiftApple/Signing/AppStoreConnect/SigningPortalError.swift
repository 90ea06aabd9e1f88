import Foundation
public import NightshiftCore
import NightshiftServices

/// What stopped `nightshift signing` or a `signing: sync` step, worded for whoever must fix it:
/// Apple's own `code` and words, then what to do. The message is masked before it is made.
public struct SigningPortalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Apple's HTTP status; nil when no answer came, or the problem is nightshift's own finding.
    public var status: Int?
    /// Apple's error code (`ENTITY_ERROR`, `FORBIDDEN_ERROR`, …), when Apple gave one.
    public var code: String?
    public var message: String
    /// The run's verdict for a step that fails on it.
    public var reason: FailureReason

    public init(_ message: String, status: Int? = nil, code: String? = nil, reason: FailureReason = .invalidSetting) {
        self.message = message
        self.status = status
        self.code = code
        self.reason = reason
    }

    public var description: String { message }

    /// App Store Connect's failure, with what to do about a refusal. Its message is masked already.
    init(_ error: AppStoreConnectError) {
        var message = error.message
        if error.kind == .refused, let status = error.status,
            let advice = Self.advice(status: status, code: error.code, detail: error.errors.map(\.summary).joined(separator: "; "))
        {
            message += "; \(advice)"
        }
        self.init(message, status: error.status, code: error.code, reason: error.reason)
    }

    /// What to do about Apple's refusal, by its status and code; nil when Apple's words suffice.
    static func advice(status: Int, code: String?, detail: String) -> String? {
        let code = code ?? ""
        if status == 401 { return "check the API key (APP_STORE_CONNECT_API_KEY_KEY_ID, _ISSUER_ID, _KEY): Apple did not accept its token" }
        if status == 403 || code.hasPrefix("FORBIDDEN") {
            return
                "the API key's role may not manage certificates and profiles: give it the Admin role (certificates need Admin or Account Holder), or use a key that has it"
        }
        if status == 409, detail.localizedCaseInsensitiveContains("already have a current") {
            return
                "the team has as many certificates of this type as Apple allows: revoke one you no longer use in the developer portal (nightshift never revokes), or give codesigning.private_keys the key of an existing certificate, which nightshift then finds by its public key"
        }
        if status == 429 { return "App Store Connect limits how often a key may call it: try again later" }
        return nil
    }
}
