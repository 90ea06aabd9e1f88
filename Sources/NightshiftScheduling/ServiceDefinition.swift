import Crypto
import Foundation
import NightshiftCore
public import NightshiftSystem

/// `nightshift schedule --print-launchd` / `--print-systemd`: a service that runs the daemon in the
/// project folder with the current lanes file and environment file: on macOS a LaunchAgent,
/// started at login (the keychain and codesign need the user's session); on Linux a systemd user
/// unit, started at boot once lingering is enabled. Both restart the daemon only after a failure,
/// never after a clean stop, and never in a tight loop.
public struct ServiceDefinition: Sendable, Hashable {
    public var executable: String
    public var lanesFile: AbsolutePath
    /// The `--env` name (the `.env.NAME` file the run reads), if any.
    public var environmentName: String?
    public var workingDirectory: AbsolutePath
    public var label: String
    /// Variables the service sets, above all today's `PATH`: launchd and systemd start services
    /// with a bare one, where tools such as swiftlint would not be found. Never secrets.
    public var environment: [String: String]

    /// - Parameter label: the launchd label; by default `ServiceName.label(forLanesFile:)`, one per
    ///   lanes file, so two projects' agents do not replace each other.
    public init(
        executable: String, lanesFile: AbsolutePath, environmentName: String?, workingDirectory: AbsolutePath,
        label: String? = nil, environment: [String: String] = [:]
    ) {
        self.executable = executable
        self.lanesFile = lanesFile
        self.environmentName = environmentName
        self.workingDirectory = workingDirectory
        self.label = label ?? ServiceName.label(forLanesFile: lanesFile)
        self.environment = environment
    }

    /// The systemd unit's file name, one per lanes file (`ServiceName.systemdUnit(forLanesFile:)`).
    public var systemdUnitName: String { ServiceName.systemdUnit(forLanesFile: lanesFile) }

    var arguments: [String] {
        [executable, "schedule", "--file", lanesFile.string] + (environmentName.map { ["--env", $0] } ?? [])
    }

    /// Seconds between restarts after a failure.
    static let restartDelay = 30

    /// A launchd property list for `~/Library/LaunchAgents/<label>.plist`. launchd cannot leave
    /// out exit codes, so a refused lock (1) or an invalid lanes.yml (2) is retried every
    /// `restartDelay` seconds until it is fixed, not in a loop.
    public var launchdPlist: String {
        let argumentLines = arguments.map { "        <string>\(XMLText.escaped($0))</string>" }.joined(separator: "\n")
        let environmentLines =
            environment.isEmpty
            ? ""
            : "    <key>EnvironmentVariables</key>\n    <dict>\n"
                + environment.sorted { $0.key < $1.key }.map {
                    "        <key>\(XMLText.escaped($0.key))</key>\n        <string>\(XMLText.escaped($0.value))</string>\n"
                }.joined()
                + "    </dict>\n"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!--
              A LaunchAgent, not a LaunchDaemon: it starts when the user logs in, not at boot, because the
              keychain and codesign need the user's session. Set the build Mac to log in automatically
              (System Settings, Users & Groups, "Automatically log in as") so it runs again after a restart.
              Install: save as ~/Library/LaunchAgents/\(XMLText.escaped(label)).plist, then
                launchctl bootstrap gui/$(id -u) ~/Library/LaunchAgents/\(XMLText.escaped(label)).plist
              launchd restarts the daemon only when it did not exit cleanly (a SIGTERM stop stays
              stopped), at most every \(Self.restartDelay) s: another daemon holding the lock (exit 1) or an
              invalid lanes.yml (exit 2) is retried at that pace until fixed.
            -->
            <plist version="1.0">
            <dict>
                <key>Label</key>
                <string>\(XMLText.escaped(label))</string>
                <key>ProgramArguments</key>
                <array>
            \(argumentLines)
                </array>
                <key>WorkingDirectory</key>
                <string>\(XMLText.escaped(workingDirectory.string))</string>
            \(environmentLines)    <key>RunAtLoad</key>
                <true/>
                <key>KeepAlive</key>
                <dict>
                    <key>SuccessfulExit</key>
                    <false/>
                </dict>
                <key>ThrottleInterval</key>
                <integer>\(Self.restartDelay)</integer>
                <key>ExitTimeOut</key>
                <integer>60</integer>
                <key>StandardOutPath</key>
                <string>\(XMLText.escaped(workingDirectory.string))/.nightshift/scheduler.log</string>
                <key>StandardErrorPath</key>
                <string>\(XMLText.escaped(workingDirectory.string))/.nightshift/scheduler.log</string>
            </dict>
            </plist>

            """
    }

    /// A systemd user unit for `~/.config/systemd/user/<systemdUnitName>`.
    public var systemdUnit: String {
        """
        # A systemd user unit: save as ~/.config/systemd/user/\(systemdUnitName), then
        #   systemctl --user daemon-reload && systemctl --user enable --now \(systemdUnitName)
        # It starts with the user's first session; `loginctl enable-linger $USER` makes it start at
        # boot, with no one logged in, and keep running after logout.
        [Unit]
        Description=nightshift scheduler (\(systemdSpecifiersEscaped(lanesFile.string)))
        After=network-online.target
        Wants=network-online.target

        [Service]
        Type=simple
        WorkingDirectory=\(systemdSpecifiersEscaped(workingDirectory.string))
        \(environment.sorted { $0.key < $1.key }.map { "Environment=\(systemdQuoted("\($0.key)=\($0.value)", expandsVariables: false))\n" }.joined())ExecStart=\(arguments.map { systemdQuoted($0) }.joined(separator: " "))
        ExecReload=/bin/kill -HUP $MAINPID
        KillMode=mixed
        TimeoutStopSec=60
        # Restarted after a crash, not after a clean stop; another daemon holding the lock (exit 1)
        # or an invalid lanes.yml (exit 2) would only fail again.
        Restart=on-failure
        RestartSec=\(Self.restartDelay)
        RestartPreventExitStatus=1 2

        [Install]
        WantedBy=default.target

        """
    }

    /// For settings systemd takes verbatim (a path, a description): quotes would become part of
    /// the value, but `%` specifiers are still expanded, so `%` is written `%%`.
    private func systemdSpecifiersEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%%")
    }

    /// systemd expands `%` specifiers everywhere and `$` variables only on `Exec` lines.
    private func systemdQuoted(_ text: String, expandsVariables: Bool = true) -> String {
        guard text.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "$" || $0 == "%" }) else { return text }
        var escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "%", with: "%%")
        if expandsVariables { escaped = escaped.replacingOccurrences(of: "$", with: "$$") }
        return "\"\(escaped)\""
    }
}
