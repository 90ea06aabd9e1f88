internal import Foundation
public import NightshiftCore
public import NightshiftEngine
public import NightshiftSystem

/// Masks what a reporter is told besides step output (already masked where it is read): lane and
/// step names, messages, notices. A lane may be named like a secret's value (`deploy-<token>`
/// by a generator, or a password that is also a word), and its name is in the header, every step
/// line and the summary. It masks with the run's `RunSecrets` as they stand at each call, so a
/// secret learned mid-run is masked from then on.
public struct MaskingReporter: RunReporter {
    let base: any RunReporter
    let secrets: RunSecrets
    private let identities = IdentityCache()

    public init(_ base: any RunReporter, secrets: RunSecrets) {
        self.base = base
        self.secrets = secrets
    }

    private var masker: SecretMasker { secrets.masker }

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
        let (masker, version) = secrets.versionedMasker
        return identities.value(for: step, version: version) {
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
    /// The identities masked so far, and the secrets' version they were masked with: a newer one
    /// empties the cache.
    private let state = LockedValue((masked: [StepIdentity: StepIdentity](), version: 0))

    func value(for step: StepIdentity, version: Int, making make: () -> StepIdentity) -> StepIdentity {
        let known = state.withLock { state in
            if version != state.version { state = ([:], version) }
            return state.masked[step]
        }
        if let known { return known }
        let value = make()
        state.withLock { state in if version == state.version { state.masked[step] = value } }
        return value
    }
}
