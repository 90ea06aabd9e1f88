internal import Foundation

/// A command's result with its output kept, for tools whose answer nightshift reads
/// (`security list-keychains`, `openssl pkcs12`).
public struct CapturedResult: Sendable {
    public var termination: Termination
    public var standardOutput: String
    public var standardError: String

    public var succeeded: Bool { termination.succeeded }

    /// The last lines of stderr (or stdout when stderr is empty): enough to explain a failure.
    public var failureDetail: String {
        let text = standardError.isEmpty ? standardOutput : standardError
        let lines = text.split(whereSeparator: \.isNewline).suffix(5)
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Collects a command's output while optionally passing it on.
actor OutputCollector {
    private var stdout: [UInt8] = []
    private var stderr: [UInt8] = []

    func append(_ channel: OutputChannel, _ bytes: [UInt8]) {
        switch channel {
        case .standardOutput: stdout += bytes
        case .standardError: stderr += bytes
        }
    }

    func result(_ termination: Termination) -> CapturedResult {
        CapturedResult(
            termination: termination,
            standardOutput: String(decoding: stdout, as: UTF8.self),
            standardError: String(decoding: stderr, as: UTF8.self))
    }
}

extension ShellRunner {
    /// Runs `command`, keeping its output; `forward` receives the channels it is given as well.
    public func capture(
        _ command: ShellCommand, forwarding channels: Set<OutputChannel> = [], to forward: CommandOutput? = nil
    ) async throws -> CapturedResult {
        let collector = OutputCollector()
        let termination = try await run(command) { channel, bytes in
            await collector.append(channel, bytes)
            if channels.contains(channel) { await forward?(channel, bytes) }
        }
        return await collector.result(termination)
    }
}
