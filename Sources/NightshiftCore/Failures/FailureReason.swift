/// Why a step failed, as a code for machines: `"reason"` on a failed step in `--json`. Messages
/// are for people and may be reworded; a raw value never changes once released (README lists
/// them), so a dashboard can count expired profiles without parsing English.
public enum FailureReason: String, Sendable, Hashable, CaseIterable {
    // The step's own process.
    /// It exited with a status other than 0.
    case exitStatus = "exit_status"
    /// A signal killed it (not nightshift's: an interrupt is `interrupted`).
    case signalled

    // Limits and interrupts.
    /// The step's `timeout:`.
    case timeout
    /// The step printed nothing for its `no_output_timeout:`.
    case noOutputTimeout = "no_output_timeout"
    /// The lane's (or a lane call's) `timeout:` ran out during the step or before it started.
    case laneTimeout = "lane_timeout"
    /// SIGINT, SIGTERM or SIGHUP stopped it.
    case interrupted

    // What the step was given.
    /// An environment variable a setting reads is not set.
    case missingVariable = "missing_variable"
    /// A setting the step needs is absent or empty.
    case missingSetting = "missing_setting"
    /// A file the step reads is not there.
    case missingFile = "missing_file"
    /// A setting's value, known only once expanded, is not one the step takes.
    case invalidSetting = "invalid_setting"

    // Signing and building.
    case wrongCertificatePassword = "wrong_certificate_password"
    case unreadableCertificate = "unreadable_certificate"
    case certificateExpired = "certificate_expired"
    case unreadableProfile = "unreadable_profile"
    case profileExpired = "profile_expired"
    case appIdentifierMismatch = "app_identifier_mismatch"
    case certificateNotInProfile = "certificate_not_in_profile"
    case teamMismatch = "team_mismatch"
    case protectedKeychain = "protected_keychain"
    /// Another run held the user's keychain search list too long, or its lock could not be taken.
    case keychainLocked = "keychain_locked"
    /// A `security` command failed.
    case keychainCommand = "keychain_command"
    /// xcodebuild succeeded but left no archive or no .ipa.
    case missingBuildProduct = "missing_build_product"

    // Uploads.
    /// Neither `file:` nor an earlier export names what to upload.
    case nothingToUpload = "nothing_to_upload"
    /// The destination answered and refused (HTTP 4xx, altool's errors, Firebase's processing error).
    case uploadRejected = "upload_rejected"
    /// The destination could not be reached or kept failing on its side after every attempt.
    case uploadUnavailable = "upload_unavailable"
    /// What landed is not what was sent (size or SHA-256).
    case uploadUnverified = "upload_unverified"
    /// Any other upload failure (a file that cannot be read or written locally).
    case uploadFailed = "upload_failed"

    // Notarization.
    /// Apple's notary service judged the file Invalid or Rejected.
    case notarizationRejected = "notarization_rejected"
    /// No verdict: `wait_timeout:` ran out, or the notary service could not be reached for good.
    case notarizationUnfinished = "notarization_unfinished"
    /// Accepted, but stapling the ticket or checking the result with Apple's tools failed.
    case stapleFailed = "staple_failed"

    // Tests.
    /// A test failed on every attempt, or the run failed outside a test (a crash, a runner that
    /// never started, a summary that disagrees with the results, a non-zero exit no test explains).
    case testsFailed = "tests_failed"
    /// `coverage: { minimum: }` was not met.
    case coverageBelowMinimum = "coverage_below_minimum"
    /// A simulator could not be chosen, created or booted.
    case simulatorUnavailable = "simulator_unavailable"

    // Cleanup.
    /// A cleanup action (deleting the keychain) failed.
    case cleanupFailed = "cleanup_failed"
    /// A cleanup action overran `cleanup_timeout:`.
    case cleanupTimeout = "cleanup_timeout"

    /// Anything not named above.
    case stepFailed = "step_failed"
}
