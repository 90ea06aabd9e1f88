internal import Foundation

/// The one owner of a command's secrets: what the environment and the lanes file declare, and
/// what the run learns on the way (a secret lane option's value, an upload's access token, a
/// credential read from a key file). Every way out of the process masks through it: the console
/// (`MaskingOutputSink`), step logs (`StepOutputRecorder`), the journal, the JUnit and JSON
/// reports, run-folder names, the run history and upload errors. A writer is handed this object,
/// not a `SecretMasker`, so a secret learned after it was built is still masked from then on.
///
/// It learns only: nothing it has masked is ever shown again. The masker is rebuilt lazily, on
/// the first use after something was learned (building one has a cost: every secret's
/// encodings), so a command that learns three times before it prints builds one.
///
/// `@unchecked Sendable`: output comes from several tasks at once (a step's readers, the
/// reporter, an upload's parts), and every mutable field is touched only with `lock` held;
/// `NSLock` because Synchronization's `Mutex` needs macOS 15 and the package supports macOS 13.
public final class RunSecrets: @unchecked Sendable {
    private let lock = NSLock()
    private var values: Set<String>
    private var built: SecretMasker?
    /// Counts what was learned, so a stream can tell cheaply that its masker is out of date.
    private var version = 0

    /// `secrets`: what is known at the start (values too short or blank to mask are left out,
    /// as `learn(_:)` leaves them out). An empty list is a choice the caller writes out.
    public init(secrets: some Sequence<String>) {
        values = Set(secrets.filter(MaskingLimit.isMaskable))
    }

    /// Masks `values` from now on, everywhere. Values too short or blank to mask are ignored.
    public func learn(_ values: some Sequence<String>) {
        let new = values.filter(MaskingLimit.isMaskable)
        lock.withLock {
            let count = self.values.count
            self.values.formUnion(new)
            guard self.values.count != count else { return }
            built = nil
            version += 1
        }
    }

    /// The masker as it stands: every secret known so far.
    public var masker: SecretMasker {
        lock.withLock { currentMasker() }
    }

    /// The masker, and how many times the secrets changed before it: hand the number back to
    /// `masker(ifChangedSince:)`.
    public var versionedMasker: (masker: SecretMasker, version: Int) {
        lock.withLock { (currentMasker(), version) }
    }

    /// A newer masker than the one of `version`, or nil when nothing was learned since: the
    /// per-chunk check of a step's output stream, which must stay cheap.
    public func masker(ifChangedSince version: Int) -> (masker: SecretMasker, version: Int)? {
        lock.withLock { self.version == version ? nil : (currentMasker(), self.version) }
    }

    public func mask(_ text: String) -> String { masker.mask(text) }

    public func mask(_ bytes: [UInt8]) -> [UInt8] { masker.mask(bytes) }

    /// `text` masked, as a value only this owner makes: a writer that takes `MaskedText` cannot
    /// be handed text nobody masked.
    public func masked(_ text: String) -> MaskedText { MaskedText(text: mask(text)) }

    /// Called with `lock` held.
    private func currentMasker() -> SecretMasker {
        if let built { return built }
        let masker = SecretMasker(secrets: values)
        built = masker
        return masker
    }
}

/// Text that went through the run's `RunSecrets`: its only initialiser is the memberwise one,
/// internal, so outside Core only `RunSecrets.masked(_:)` makes one.
public struct MaskedText: Sendable, Hashable {
    public let text: String
}
