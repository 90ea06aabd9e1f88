import Foundation
import NightshiftCore
import NightshiftSystem

/// One step, through all its attempts.
struct StepExecution {
    let execution: LaneExecution
    let lane: Lane
    let step: Step
    let configuration: Configuration?
    let depth: Int
    let environment: EnvironmentVariables
    /// The Xcode the lane's `xcode:` chose for the step; nil for the machine's selected one.
    let xcode: InstalledXcode?
    /// The `cache:` in force for the step; nil keeps nothing between runs.
    let cache: BuildCacheSettings?
    let number: Int
    /// The nearest enclosing lane or call time limit; nil for `always` steps, which clean up.
    let deadline: RunDeadline?

    /// Shared by the attempts: a detail set by an attempt that failed stays true of the step.
    private let details = StepDetails()

    var runner: LaneRunner { execution.runner }
    /// Masked where it is made: the name reaches the log file's name and the results (journal,
    /// reports, history), not only the reporter.
    var identity: StepIdentity {
        StepIdentity(lane: lane.name, name: execution.masker.mask(step.displayName), kind: .step(step.kind.keyword), depth: depth)
    }

    /// `journalFingerprint`: the step's fingerprint in the run journal, handed to the performer.
    func runAttempts(
        journalFingerprint: String? = nil, earlierExports: [String: String] = [:], journalNotes: StepJournalNotes = .none
    ) async -> StepResult {
        runner.reporter.stepStarted(identity)
        let start = execution.clock.now
        let locks: [FileLock]
        let lockWait: Duration
        switch await acquireLocks() {
        case .held(let held, let waited): (locks, lockWait) = (held, waited)
        case .stopped(let outcome): return result(for: outcome, start: start, attempts: 1, recording: .init(tail: "", logPath: nil))
        }
        // The locks are let go when `locks` goes, after the last attempt.
        defer { withExtendedLifetime(locks) {} }
        var last = AttemptOutcome.interrupted
        var recording = StepOutputRecorder.Recording(tail: "", logPath: nil)
        var earlierFailures: [AttemptFailure] = []
        let run = await RetryLoop(schedule: step.options.retry, announcesWait: false).run(
            attempt: { attempt in
                // Only once the next attempt really starts: a wait cut short leaves the last one the last.
                if attempt > 1 { earlierFailures.append(failure(of: attempt - 1, outcome: last, recording: recording, start: start)) }
                (last, recording) = await attemptOnce(
                    attempt: attempt, lockWait: lockWait, locks: locks, journalFingerprint: journalFingerprint,
                    earlierExports: earlierExports, journalNotes: journalNotes)
                return last
            },
            retry: { outcome, _ in
                guard !outcome.succeeded, outcome != .interrupted else { return nil }
                if let deadline, deadline.hasPassed(at: execution.clock.now) { return nil }
                return RetryLoop.Decision(subject: "'\(identity.name)'")
            },
            announce: { runner.notice($0.description) },
            sleep: { wait in
                guard wait > .zero else { return true }
                return await runner.interruption.runCancellable(always: step.options.always) { [clock = execution.clock] in
                    (try? await clock.sleep(for: wait)) != nil
                }
            })
        // Interrupted before another attempt started: that attempt does not count.
        let outcome = run.cutShort ? .interrupted : run.outcome
        var result = result(for: outcome, start: start, attempts: run.attempts, recording: recording)
        result.earlierFailures = earlierFailures
        result.details = await details.all.mapValues(execution.masker.mask)
        result.tests = await details.tests.map { $0.masked(by: execution.masker) }
        result.compilationCache = await details.compilationCache
        return result
    }

    /// A failed attempt as reports show it: its reason (masked, worded as the step's own failure
    /// would be) and its output's tail.
    private func failure(of attempt: Int, outcome: AttemptOutcome, recording: StepOutputRecorder.Recording, start: Date) -> AttemptFailure {
        let described = result(for: outcome, start: start, attempts: 1, recording: recording)
        // From the outcome, not `described.status`, which continue_on_error may have excused.
        let status: StepStatus
        switch outcome {
        case .timedOut, .deadlineExceeded: status = .timedOut
        default: status = .failed
        }
        return AttemptFailure(
            attempt: attempt, status: status, message: described.message ?? "'\(identity.name)' failed",
            reason: described.reason ?? .stepFailed, outputTail: recording.tail)
    }

    /// `lockWait`: how long the step waited for its locks, which its `timeout` counts; the step's
    /// commands inherit `locks`.
    private func attemptOnce(
        attempt: Int, lockWait: Duration, locks: [FileLock], journalFingerprint: String?, earlierExports: [String: String],
        journalNotes: StepJournalNotes
    ) async -> (AttemptOutcome, StepOutputRecorder.Recording) {
        guard let performer = performer else {
            return (.failed("step kind '\(step.kind.keyword)' is not available", .stepFailed), .init(tail: "", logPath: nil))
        }
        let logPath = execution.logsWritable ? "\(execution.folders.logs)/\(logName(attempt: attempt))" : nil
        let recorder = StepOutputRecorder(
            secrets: runner.secrets, logPath: logPath, logFiles: runner.dependencies.logFiles, reporter: runner.reporter,
            step: identity, clock: execution.clock, condenser: runner.dependencies.outputCondenser?())
        let context = makeContext(
            recorder: recorder, locks: locks, journalFingerprint: journalFingerprint, earlierExports: earlierExports,
            journalNotes: journalNotes)
        let watchdog = StepWatchdog(
            timeout: step.options.timeout.map { max($0 - lockWait, .milliseconds(1)) }, noOutputTimeout: step.options.noOutputTimeout,
            deadline: deadline, clock: execution.clock, recorder: recorder)
        // A dry run shows each command as a line of the step's output, as a real run logs it.
        execution.transcript?.show(through: { line in await recorder.receive(.standardOutput, Array((line + "\n").utf8)) })
        let outcome = await runner.interruption.runCancellable(always: step.options.always) {
            await watchdog.run { try await performer.perform(step, in: context) }
        }
        execution.transcript?.show(through: nil)
        let recording = await recorder.finish(failed: !outcome.succeeded)
        if let problem = recording.logProblem {
            runner.notice(.warning("the log of step '\(identity.name)' is incomplete: \(problem)", at: nil))
        }
        return (outcome, recording)
    }

    private var performer: (any StepPerformer)? { runner.performers[step.kind.keyword] }

    private func makeContext(
        recorder: StepOutputRecorder, locks: [FileLock], journalFingerprint: String?, earlierExports: [String: String],
        journalNotes: StepJournalNotes
    ) -> StepContext {
        var context = execution.makeContext(
            lane: lane, step: step, configuration: configuration, environment: environment, xcode: xcode, recorder: recorder)
        context.details = details
        context.cache = cache
        context.journalFingerprint = journalFingerprint
        context.earlierExports = earlierExports
        context.journalNotes = journalNotes
        if !locks.isEmpty { context.shell = LockHoldingShell(base: context.shell, descriptors: locks.map(\.descriptor)) }
        return context
    }

    /// From the masked name: a secret in a step's name must not reach a file name either.
    private func logName(attempt: Int) -> String {
        let slug = String(identity.name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }.prefix(40))
        let suffix = attempt > 1 ? ".attempt\(attempt)" : ""
        return (number < 10 ? "0" : "") + "\(number)-\(slug)\(suffix).log"
    }

    /// `recording.logPath` is nil when the last attempt printed nothing: no empty log file.
    private func result(for outcome: AttemptOutcome, start: Date, attempts: Int, recording: StepOutputRecorder.Recording) -> StepResult {
        var result = StepResult(
            lane: lane.name, name: identity.name, kind: identity.kind, status: .passed, start: start,
            duration: .seconds(execution.clock.now.timeIntervalSince(start)), attempts: attempts, outputTail: recording.tail,
            logPath: recording.logPath)
        result.logProblem = recording.logProblem.map(execution.masker.mask)
        switch outcome {
        case .finished(let termination):
            if case .exited(let code) = termination { result.exitCode = code }
            if !termination.succeeded {
                result.status = .failed
                result.message = "'\(identity.name)' failed with \(termination)"
                if termination == .exited(CommandNotFound.exitStatus) {
                    result.message? += CommandNotFound.explanation(outputTail: recording.tail)
                }
                if case .signalled = termination { result.reason = .signalled } else { result.reason = .exitStatus }
            }
        case .failed(let message, let reason):
            result.status = .failed
            result.message = message
            result.reason = reason
        case .timedOut(let message, let reason):
            result.status = .timedOut
            result.message = "'\(identity.name)' \(message)"
            result.reason = reason
        case .deadlineExceeded(let message):
            result.status = .timedOut
            result.message = "'\(identity.name)' \(message)"
            result.reason = .laneTimeout
        case .interrupted:
            result.status = .interrupted
            result.message = "'\(identity.name)' was interrupted"
            result.reason = .interrupted
        }
        if attempts > 1, result.status != .passed { result.message = (result.message ?? "") + " after \(attempts) attempts" }
        // A lane's deadline is not the step's to excuse.
        let excusable = result.status == .failed || (result.status == .timedOut && !outcome.exceededDeadline)
        if excusable, step.options.continueOnError { result.status = .failedIgnored }
        result.message = result.message.map(execution.masker.mask)
        return result
    }
}
