public import NightshiftCore
public import NightshiftSystem

/// The console as every command sees it: each byte written to stdout or stderr is masked here
/// first, so no path to the terminal (a diagnostic, a progress line, a dry-run command, a
/// step's output, an error's text) can show a secret the command's `RunSecrets` knows.
///
/// The secrets grow as a command learns more: at first those of the environment alone, then
/// those of the lanes file once it is loaded, then what the run learns (an upload's token).
/// The sink keeps none of its own: it masks with its owner's masker as it stands at each write.
///
/// Masking is per write: a secret split across two writes is not seen whole here. The engine
/// masks step output line by line before writing it, and the reporter masks names before laying
/// them out (`MaskingReporter`), so what arrives here is already masked; this is the backstop.
public final class MaskingOutputSink: OutputSink, Sendable {
    private let base: any OutputSink
    /// The command's one owner of secrets, shared with everything else that writes.
    public let secrets: RunSecrets

    public init(_ base: any OutputSink, secrets: RunSecrets) {
        self.base = base
        self.secrets = secrets
    }

    public var isInteractive: Bool { base.isInteractive }

    public func write(_ text: String, to channel: OutputChannel) {
        base.write(secrets.mask(text), to: channel)
    }

    public func write(bytes: [UInt8], to channel: OutputChannel) {
        base.write(bytes: secrets.mask(bytes), to: channel)
    }
}
