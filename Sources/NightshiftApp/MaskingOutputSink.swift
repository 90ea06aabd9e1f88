internal import Foundation
public import NightshiftCore
public import NightshiftSystem

/// The console as every command sees it: each byte written to stdout or stderr is masked here
/// first, so no path to the terminal (a diagnostic, a progress line, a dry-run command, a
/// step's output, an error's text) can show a secret the masker knows.
///
/// The masker changes as a command learns more: at first the secrets of the environment alone,
/// then those of the lanes file once it is loaded. Output comes from several tasks at once
/// (a step's stdout and stderr readers, the reporter), hence the lock.
///
/// Masking is per write: a secret split across two writes is not seen whole here. The engine
/// masks step output line by line before writing it, and the reporter masks names before laying
/// them out (`MaskingReporter`), so what arrives here is already masked; this is the backstop.
public final class MaskingOutputSink: OutputSink, Sendable {
    private let base: any OutputSink
    private let current = LockedValue<SecretMasker?>(nil)
    /// Makes the first masker when something is written before `use(_:)`: building one has a
    /// cost (every secret's encodings), and a command that loads its file before printing
    /// anything never needs the one from the environment alone.
    private let makeFirst: @Sendable () -> SecretMasker

    public init(_ base: any OutputSink, masker: @escaping @autoclosure @Sendable () -> SecretMasker) {
        self.base = base
        self.makeFirst = masker
    }

    public var isInteractive: Bool { base.isInteractive }

    /// The masker in force.
    public var masker: SecretMasker {
        current.withLock { current in
            if let current { return current }
            let first = makeFirst()
            current = first
            return first
        }
    }

    /// From now on, masks with `masker`.
    public func use(_ masker: SecretMasker) {
        current.withLock { $0 = masker }
    }

    public func write(_ text: String, to channel: OutputChannel) {
        base.write(masker.mask(text), to: channel)
    }

    public func write(bytes: [UInt8], to channel: OutputChannel) {
        base.write(bytes: masker.mask(bytes), to: channel)
    }
}
