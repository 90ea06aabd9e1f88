import Foundation
public import NightshiftCore
public import NightshiftSchema
public import NightshiftSystem
public import NightshiftServices

/// `upload: { to: testflight, key_id: …, issuer_id: …, private_key: … }`: App Store Connect with an
/// API key, through its REST API (`method: api`, the default; see `AppStoreConnectUpload`) or
/// through `xcrun altool --upload-app` run by the injected shell (`method: altool`). For altool
/// the .p8 (a path, or its PEM from an environment variable) is copied to `AuthKey_<key id>.p8`
/// in a private temporary directory for the length of the call and removed afterwards.
public struct TestFlightUploader: DestinationUploader {
    public var shell: any ShellRunner
    public var clock: any WallClock
    public var temporaryDirectory: String
    public var jitter: any JitterSource
    /// The API's HTTP client for a retry policy (the same transport sends the parts).
    public var client: @Sendable (UploadRetryPolicy) -> RetryingHTTPClient
    /// Between checks of Apple's processing.
    public var pollInterval: Duration
    public var partConcurrency: Int

    /// Parts in flight at once: Apple's parts are a few megabytes, and a handful in parallel
    /// fill a CI uplink without holding many sockets.
    public static let defaultPartConcurrency = 4

    public init(
        shell: any ShellRunner, clock: any WallClock, temporaryDirectory: String,
        client: @escaping @Sendable (UploadRetryPolicy) -> RetryingHTTPClient, jitter: any JitterSource = SystemJitterSource(),
        pollInterval: Duration = .seconds(15), partConcurrency: Int = TestFlightUploader.defaultPartConcurrency
    ) {
        self.shell = shell
        self.clock = clock
        self.temporaryDirectory = temporaryDirectory
        self.client = client
        self.jitter = jitter
        self.pollInterval = pollInterval
        self.partConcurrency = partConcurrency
    }

    public func upload(
        _ request: UploadRequest, settings: TestFlightSettings, progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws -> UploadReceipt {
        switch settings.method {
        case .api: try await uploadThroughAPI(request, settings: settings, progress: progress)
        case .altool: try await uploadWithAltool(request, settings: settings)
        }
    }

    private func uploadWithAltool(_ request: UploadRequest, settings: TestFlightSettings) async throws -> UploadReceipt {
        let invocation = AltoolInvocation(file: request.file.string, settings: settings)
        let key = try Self.privateKey(settings.privateKey)
        request.secrets.learn([key] + AppStoreConnectKey.pemLines(key))
        let policy = settings.retry
        let digest = try FileDigest.of(file: request.file.string)
        let keys = try PrivateKeysDirectory(in: temporaryDirectory, fileName: invocation.keyFileName, contents: key)
        defer { keys.remove() }
        // altool's own output is the progress; it reports no byte counts to relay.
        let deliveryID = try await runAltool(
            invocation.command(privateKeysDirectory: keys.path), policy: policy, secrets: request.secrets, log: request.log)
        let location = "App Store Connect (TestFlight)" + (deliveryID.map { ", delivery \($0)" } ?? "")
        return UploadReceipt(location: location, verification: .sent(digest))
    }

    /// Runs altool until it succeeds, retrying only the exits that mean a network give-up;
    /// returns the delivery id altool printed, if any.
    private func runAltool(
        _ command: ShellCommand, policy: UploadRetryPolicy, secrets: RunSecrets, log: @escaping @Sendable (String) async -> Void
    ) async throws -> String? {
        let run = try await RetryLoop(schedule: policy, jitter: jitter).run(
            attempt: { _ in
                let output = AltoolOutput(secrets: secrets, log: log)
                let termination = try await shell.run(command) { _, bytes in await output.receive(bytes) }
                await output.finish()
                let (errors, reportedSuccess) = (await output.errorLines, await output.succeeded)
                let succeeded = termination.succeeded && (errors.isEmpty || reportedSuccess)
                return AltoolRun(termination: termination, errors: errors, succeeded: succeeded, deliveryID: await output.deliveryID)
            },
            retry: { run, _ in
                guard !run.succeeded, case .exited(let status) = run.termination, AltoolInvocation.transientStatuses.contains(status) else {
                    return nil
                }
                return RetryLoop.Decision(reason: "altool ended abnormally (\(run.termination))")
            },
            announce: { await log($0.description) },
            sleep: RetryLoop.sleeping(on: clock))
        let last = run.outcome
        guard last.succeeded else {
            let transient =
                if case .exited(let status) = last.termination { AltoolInvocation.transientStatuses.contains(status) } else { false }
            // A network give-up on the last attempt is not App Store Connect saying no.
            throw UploadError(
                .testflight,
                "altool \(last.termination)" + (last.errors.isEmpty ? "" : ": " + last.errors.suffix(3).joined(separator: " | ")),
                reason: transient ? .uploadUnavailable : .uploadRejected)
        }
        return last.deliveryID
    }

    /// One run of altool, as the retry loop judges it.
    private struct AltoolRun {
        var termination: Termination
        var errors: [String]
        var succeeded: Bool
        var deliveryID: String?
    }

    /// altool's key: PEM content as given, or read from a path.
    private static func privateKey(_ value: String) throws -> String {
        do throws(AppStoreConnectError) {
            return try AppStoreConnectKey.pem(value)
        } catch {
            throw UploadError(testFlight: error)
        }
    }
}

/// `<tmp>/nightshift-asc-<uuid>/private_keys/AuthKey_<id>.p8`, readable by the owner only.
struct PrivateKeysDirectory {
    var root: String
    var path: String

    init(in temporaryDirectory: String, fileName: String, contents: String) throws {
        // The uploader's temporary directory (NSTemporaryDirectory() ends in `/`), joined as a path.
        guard let base = try? AbsolutePath(validating: temporaryDirectory) else {
            throw UploadError(.testflight, "the temporary folder '\(temporaryDirectory)' is not an absolute path")
        }
        let folder = base.appending("nightshift-asc-\(UUID().uuidString)")
        root = folder.string
        path = folder.appending("private_keys").string
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root)
            let file = "\(path)/\(fileName)"
            guard manager.createFile(atPath: file, contents: Data(contents.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw UploadError(.testflight, "cannot write the API key into '\(path)'")
            }
        } catch {
            try? manager.removeItem(atPath: root)
            throw error
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
