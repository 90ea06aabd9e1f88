public import NightshiftSystem

/// The shell of a step whose lane pins an Xcode: every command it starts, xcodebuild, xcrun
/// (and what xcrun runs), codesign, a script, gets `DEVELOPER_DIR`, which the `/usr/bin` shims
/// read before the machine's `xcode-select` choice. Per process, so lanes running at once each
/// use their own Xcode; nightshift never runs `xcode-select -s`.
public struct XcodeShell: ShellRunner {
    static let variable = "DEVELOPER_DIR"
    let base: any ShellRunner
    let developerDirectory: String

    /// `shell` itself when no Xcode is pinned: the machine's selected one then.
    public static func wrapping(_ shell: any ShellRunner, for xcode: InstalledXcode?) -> any ShellRunner {
        guard let xcode else { return shell }
        return XcodeShell(base: shell, developerDirectory: xcode.developerDirectory)
    }

    public func run(_ command: ShellCommand, onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void) async throws
        -> Termination
    {
        var command = command
        command.environment[Self.variable] = developerDirectory
        return try await base.run(command, onOutput: onOutput)
    }
}
