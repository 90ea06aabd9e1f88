internal import Foundation
public import NightshiftCore
public import NightshiftEngine
public import NightshiftSystem

/// Masks what a reporter is told besides step output (already masked where it is read): lane and
/// step names, messages, notices. A lane may be named like a secret's value (`deploy-<token>`
/// by a generator, or a password that is also a word), and its name is in the header, every step
/// line and the summary.
public struct MaskingReporter: RunReporter {
    let base: any RunReporter
    let masker: SecretMasker
    private let identities = IdentityCache()

    public init(_ base: any RunReporter, masker: SecretMasker) {
        self.base = base
        self.masker = masker
    }

    public func laneStarted(_ lane: Lane, runID: String) {
        var shown = lane
        shown.name = masker.mask(lane.name)
        base.laneStarted(shown, runID: runID)
    }

    public func stepStarted(_ step: StepIdentity) { base.stepStarted(masked(step)) }

    public func stepOutput(_ text: [UInt8], channel: OutputChannel, step: StepIdentity) {
        base.stepOutput(text, channel: channel, step: masked(step))
    }

    public func stepFinished(_ result: StepResult) { base.stepFinished(masked(result)) }

    public func laneFinished(_ result: LaneResult) {
        var shown = result
        shown.lane = masker.mask(result.lane)
        shown.steps = result.steps.map(masked)
        shown.message = result.message.map(masker.mask)
        base.laneFinished(shown)
    }

    public func notice(_ text: String) { base.notice(masker.mask(text)) }

    public func stepProgress(_ text: String?, step: StepIdentity) {
        base.stepProgress(text.map(masker.mask), step: masked(step))
    }

    /// Output arrives many times per step: its identity is masked once.
    private func masked(_ step: StepIdentity) -> StepIdentity {
        identities.value(for: step) {
            StepIdentity(lane: masker.mask(step.lane), name: masker.mask(step.name), kind: step.kind, depth: step.depth)
        }
    }

    private func masked(_ result: StepResult) -> StepResult {
        var shown = result
        shown.lane = masker.mask(result.lane)
        shown.name = masker.mask(result.name)
        shown.message = result.message.map(masker.mask)
        return shown
    }
}

private final class IdentityCache: Sendable {
    private let masked = LockedValue([StepIdentity: StepIdentity]())

    func value(for step: StepIdentity, making make: () -> StepIdentity) -> StepIdentity {
        if let known = masked.withLock({ $0[step] }) { return known }
        let value = make()
        masked.withLock { $0[step] = value }
        return value
    }
}
