import NightshiftSchema
import NightshiftServices

extension UploadError {
    /// App Store Connect's failure as the upload's, its message already masked by the client; a
    /// refused key gets the hint every upload gives, naming the key by its id when known (an id
    /// grants nothing: it is no secret).
    init(testFlight error: AppStoreConnectError, keyID: String? = nil) {
        var message = error.message
        if error.status == 401 || error.status == 403 {
            message += " (check the API key\(keyID.map { " " + $0 } ?? ""), its issuer id and its role)"
        }
        self.init(.testflight, message, reason: error.reason)
    }
}
