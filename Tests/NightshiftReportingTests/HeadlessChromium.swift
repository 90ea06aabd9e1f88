import Foundation
import NightshiftTestSupport

/// Debian's `chromium`, headless, as the HTML report's browser test drives it: one page load per
/// run, its console on stderr (`--enable-logging=stderr`: each console message is a line with
/// `:CONSOLE`, CSP violations among them), stopped after `timeout`. Flags for a container on a
/// small machine: no sandbox (root), no GPU, no /dev/shm (small in containers).
struct HeadlessChromium {
    static var executable: String? { RepositoryFiles.executable(named: "chromium") }

    let path: String
    /// Its own profile folder, so runs at once do not share one; removed with this value.
    let profile: TemporaryFolder
    var timeout: TimeInterval = 60

    /// What the page says about itself: its console lines, and the DOM (`--dump-dom`) or nothing.
    struct Load {
        var output: String
        var console: [String] { output.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init) }
        /// Console lines a Content-Security-Policy refusal writes, whatever it refused.
        var policyViolations: [String] {
            console.filter {
                $0.contains("Content Security Policy") || $0.contains("Refused to") || $0.contains("Blocked script execution")
            }
        }
    }

    func screenshot(_ url: URL, to file: String, width: Int = 1200, height: Int = 2600) async throws -> Load {
        try await run(["--screenshot=\(file)", "--window-size=\(width),\(height)", "--hide-scrollbars", url.absoluteString])
    }

    func dumpDOM(_ url: URL) async throws -> Load {
        try await run(["--dump-dom", url.absoluteString])
    }

    private func run(_ arguments: [String]) async throws -> Load {
        let common = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
            "--enable-logging=stderr", "--v=0", "--user-data-dir=\(profile.path)",
        ]
        // Awaited, not waited for: the report's server answers on this process's threads.
        let result = try await RepositoryFiles.run(path, common + arguments, timeout: timeout)
        guard result.exited else { throw ChromiumTimedOut(seconds: timeout) }
        return Load(output: result.output)
    }

    struct ChromiumTimedOut: Error { var seconds: TimeInterval }
}
