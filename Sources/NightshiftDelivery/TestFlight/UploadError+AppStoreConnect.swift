import NightshiftSchema
import NightshiftServices

extension UploadError {
    /// App Store Connect's failure as the upload's, its message already masked by the client; a
    /// refused key gets the hint every upload gives.
    init(testFlight error: AppStoreConnectError) {
        var message = error.message
        if error.status == 401 || error.status == 403 { message += " (check the API key, its issuer id and its role)" }
        self.init(.testflight, message, reason: error.reason)
    }
}
