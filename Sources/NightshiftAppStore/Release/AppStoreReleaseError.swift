import NightshiftCore
import NightshiftServices

/// Why the `release:` step stopped, in words fit for the user: the step's judgement of what App
/// Store Connect holds, or Apple's refusal explained (`apple`, already masked).
struct AppStoreReleaseError: Error, Sendable, Hashable, CustomStringConvertible {
    var message: String
    var reason: FailureReason
    var apple: AppStoreConnectError?

    init(_ message: String, reason: FailureReason = .uploadRejected, apple: AppStoreConnectError? = nil) {
        self.message = message
        self.reason = reason
        self.apple = apple
    }

    var description: String { message }
}
