import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftServices
import NightshiftSystem

extension TestFlightUploader {
    /// Reads the .ipa, checks it is the configured app, signs in and runs `AppStoreConnectUpload`.
    /// Every line and failure is masked with the key and each token made on the way (not the key
    /// and issuer ids, which name the key and grant nothing: `SecretPolicy.identifierVariables`).
    func uploadThroughAPI(
        _ request: UploadRequest, settings: TestFlightSettings, progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws -> UploadReceipt {
        let (log, secrets) = (request.log, request.secrets)
        do {
            let tokens = try AppStoreConnectKey.tokens(
                keyID: settings.keyID, issuerID: settings.issuerID, privateKey: settings.privateKey, clock: clock, secrets: secrets)
            let bundle = try await IPABundleInfo.read(ipa: request.file.string, shell: shell)
            try Self.check(bundle, against: request.environment[NightshiftVariable.appIdentifier.name])
            await log("\(request.file.lastComponent): \(bundle.bundleID) \(bundle.displayVersion)")
            let http = client(settings.retry)
            let api = AppStoreConnectClient(api: try Self.endpoint(request), tokens: tokens, http: http, secrets: secrets, log: log)
            let upload = AppStoreConnectUpload(
                client: api,
                parts: UploadPartSender(http: http, file: request.file.string, concurrency: partConcurrency, secrets: secrets, log: log),
                processing: AppStoreConnectProcessing(
                    client: api, clock: clock, interval: pollInterval, waitTimeout: settings.waitTimeout),
                settings: settings, file: request.file, bundle: bundle, reservations: request.runFolder.map(ReservationStore.init),
                clock: clock, journal: request.journal, log: log)
            return try await upload.run(progress: progress)
        } catch let error as AppStoreConnectError {
            throw UploadError(testFlight: error, keyID: settings.keyID)
        } catch let error as UploadError {
            // Errors made before a token was learned (the .ipa's check) may quote what it hides now.
            var masked = error
            masked.message = secrets.mask(error.message)
            throw masked
        }
    }

    /// The step's `endpoint:`, else `APP_STORE_CONNECT_ENDPOINT`, else Apple's.
    static func endpoint(_ request: UploadRequest) throws -> URL {
        do {
            return try AppStoreConnectEndpoint.resolve(step: request.settings.string("endpoint"), environment: request.environment)
        } catch {
            throw UploadError(.testflight, error.message, reason: .invalidSetting)
        }
    }

    /// An .ipa of another app fails before any request: uploading it would put the wrong build
    /// in front of testers.
    static func check(_ bundle: IPABundleInfo, against appIdentifier: String?) throws {
        guard let appIdentifier, !appIdentifier.isEmpty, appIdentifier != bundle.bundleID else { return }
        throw UploadError(
            .testflight, "the .ipa is '\(bundle.bundleID)', but the configuration's app_identifier is '\(appIdentifier)'",
            reason: .appIdentifierMismatch)
    }
}
