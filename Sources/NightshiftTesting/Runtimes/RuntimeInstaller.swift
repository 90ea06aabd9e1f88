import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// `xcodebuild -downloadPlatform <platform> [-buildVersion <os>]` for the selected Xcode (its
/// `DEVELOPER_DIR` is on every command of the step's shell), retried when it fails as it often
/// does on hosted runners (exit 70, "Unable to connect to simulator."), its progress lines shown
/// as they come.
struct RuntimeInstaller {
    let context: StepContext
    let xcodebuild: String
    let schedule: RuntimeDownloadSchedule

    func download(_ demand: RuntimeDemand) async throws {
        let command = Self.command(demand, xcodebuild: xcodebuild)
        let loop = RetryLoop(schedule: schedule)
        let run = try await loop.run(
            attempt: { _ in try await context.run(command) },
            retry: { termination, _ in
                termination == .exited(Self.transientExit) ? RetryLoop.Decision(reason: "exit 70 (a transient download failure)") : nil
            },
            announce: { notice in await context.log("xcodebuild -downloadPlatform: \(notice)") },
            sleep: RetryLoop.sleeping(on: context.clock))
        guard run.outcome.succeeded else {
            throw StepFailure(
                "xcodebuild -downloadPlatform \(demand.platform.rawValue) failed (\(run.outcome)) after \(run.attempts) attempt\(run.attempts == 1 ? "" : "s")",
                reason: .simulatorUnavailable)
        }
    }

    /// What xcodebuild exits with when the download service cannot be reached.
    static let transientExit: Int32 = 70

    static func command(_ demand: RuntimeDemand, xcodebuild: String) -> ShellCommand {
        ShellCommand(
            xcodebuild, ["-downloadPlatform", demand.platform.rawValue] + (demand.buildVersion.map { ["-buildVersion", $0] } ?? []))
    }
}

/// Five tries, 30 s apart: what teams that retry `-downloadPlatform` settled on
/// (corbado/flutter-passkeys#307, anyproto/anytype-swift#5107).
struct RuntimeDownloadSchedule: RetrySchedule {
    var attempts = 5
    var pause: Duration = .seconds(30)
    func wait(afterAttempt attempt: Int, unit: Double) -> Duration { pause }
}
