import NightshiftSystem

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
/// Output comes from several tasks at once (a step's readers, the reporter, an upload's parts):
/// the state sits in a `LockedValue`.
public final class RunSecrets: Sendable {
    private struct State {
        var values: Set<String>
        var built: SecretMasker?
        /// Counts what was learned, so a stream can tell cheaply that its masker is out of date.
        var version = 0

        /// The masker for the values as they stand, built on first use after a change.
        mutating func masker() -> SecretMasker {
            if let built { return built }
            let masker = SecretMasker(secrets: values)
            built = masker
            return masker
        }
    }

    private let state: LockedValue<State>

    /// `secrets`: what is known at the start (values too short or blank to mask are left out,
    /// as `learn(_:)` leaves them out). An empty list is a choice the caller writes out.
    public init(secrets: some Sequence<String>) {
        state = LockedValue(State(values: Set(secrets.filter(MaskingLimit.isMaskable))))
    }

    /// Masks `values` from now on, everywhere. Values too short or blank to mask are ignored.
    public func learn(_ values: some Sequence<String>) {
        let new = values.filter(MaskingLimit.isMaskable)
        state.withLock { state in
            let count = state.values.count
            state.values.formUnion(new)
            guard state.values.count != count else { return }
            state.built = nil
            state.version += 1
        }
    }

    /// The masker as it stands: every secret known so far.
    public var masker: SecretMasker {
        state.withLock { $0.masker() }
    }

    /// The masker, and how many times the secrets changed before it: hand the number back to
    /// `masker(ifChangedSince:)`.
    public var versionedMasker: (masker: SecretMasker, version: Int) {
        state.withLock { ($0.masker(), $0.version) }
    }

    /// A newer masker than the one of `version`, or nil when nothing was learned since: the
    /// per-chunk check of a step's output stream, which must stay cheap.
    public func masker(ifChangedSince version: Int) -> (masker: SecretMasker, version: Int)? {
        state.withLock { $0.version == version ? nil : ($0.masker(), $0.version) }
    }

    public func mask(_ text: String) -> String { masker.mask(text) }

    public func mask(_ bytes: [UInt8]) -> [UInt8] { masker.mask(bytes) }

    /// `text` masked, as a value only this owner makes: a writer that takes `MaskedText` cannot
    /// be handed text nobody masked.
    public func masked(_ text: String) -> MaskedText { MaskedText(text: mask(text)) }
}

/// Text that went through the run's `RunSecrets`: its only initialiser is the memberwise one,
/// internal, so outside Core only `RunSecrets.masked(_:)` makes one.
public struct MaskedText: Sendable, Hashable {
    public let text: String
}
