import Foundation
import NightshiftEngine
import NightshiftTestSupport
@testable import NightshiftSystem

/// The built `nightshift` executable, run as a user would, through the real process runner.
struct NightshiftBinary {
    struct Outcome {
        var termination: Termination
        var standardOutput: String
        var standardError: String
        var exitCode: Int32? { if case .exited(let code) = termination { code } else { nil } }
    }

    static var path: String {
        Bundle.main.bundleURL.appendingPathComponent("nightshift").path
    }

    /// A hermetic environment: a temporary HOME, system tools only, plus `extra`.
    static func environment(home: String, extra: [String: String] = [:]) -> EnvironmentVariables {
        EnvironmentVariables(["PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"].merging(extra) { _, new in new })
    }

    static func run(_ arguments: [String], in directory: String, environment extra: [String: String] = [:]) async throws -> Outcome {
        let collected = OutputCollector()
        let runner = ProcessShellRunner(environment: environment(home: directory, extra: extra), gracePeriod: .seconds(5))
        let termination = try await runner.run(ShellCommand(path, arguments, workingDirectory: directory)) { channel, bytes in
            await collected.append(channel, bytes)
        }
        return Outcome(
            termination: termination, standardOutput: await collected.text(.standardOutput),
            standardError: await collected.text(.standardError))
    }
}

extension NightshiftBinary {
    /// `script`, which gives a command a terminal; nil when it is not installed.
    static let terminalWrapper = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs the binary with a pseudo-terminal as its stdin, stdout and stderr (both arrive on
    /// `standardOutput`), to see what a user at a terminal, or Jenkins, would.
    static func runInTerminal(_ arguments: [String], in directory: String, environment extra: [String: String] = [:]) async throws
        -> Outcome
    {
        guard let wrapper = terminalWrapper else { throw CocoaError(.executableNotLoadable) }
        let line = ([path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
        let collected = OutputCollector()
        let runner = ProcessShellRunner(environment: environment(home: directory, extra: extra), gracePeriod: .seconds(5))
        let command = ShellCommand(wrapper, terminalArguments(line), workingDirectory: directory)
        let termination = try await runner.run(command) { channel, bytes in await collected.append(channel, bytes) }
        return Outcome(
            termination: termination, standardOutput: await collected.text(.standardOutput),
            standardError: await collected.text(.standardError))
    }

    /// util-linux's `script` takes the command as a string (`-c`) and the log file last, and
    /// passes the command's exit status on with `-e`; macOS's (FreeBSD's) takes the log file,
    /// then the command and its arguments.
    private static func terminalArguments(_ line: String) -> [String] {
        #if os(Linux)
        return ["-qec", line, "/dev/null"]
        #else
        return ["-q", "/dev/null", "/bin/sh", "-c", line]
        #endif
    }
}

actor OutputCollector {
    private var bytes: [OutputChannel: [UInt8]] = [:]

    func append(_ channel: OutputChannel, _ chunk: [UInt8]) { bytes[channel, default: []] += chunk }
    func text(_ channel: OutputChannel) -> String { String(decoding: bytes[channel] ?? [], as: UTF8.self) }
}

/// A fresh folder inside the test's temporary directory (the suite is tagged `.temporaryDirectory`).
func makeTemporaryDirectory() throws -> String {
    try TemporaryDirectory.make("e2e")
}
