import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// One `EscapeSequenceStripper` per step and channel, for `ConsoleReporter` without colour: a
/// sequence split between two chunks of a step's stdout is stripped whole, and what stdout left
/// open never swallows stderr or another step's output. Steps may stream concurrently (parallel
/// uploads), hence the lock.
final class StepOutputEscapeFilters: Sendable {
    private struct Key: Hashable {
        var step: StepIdentity
        var channel: OutputChannel
    }

    private let strippers = LockedValue([Key: EscapeSequenceStripper]())

    func strip(_ text: [UInt8], channel: OutputChannel, step: StepIdentity) -> [UInt8] {
        strippers.withLock { $0[Key(step: step, channel: channel), default: EscapeSequenceStripper()].strip(text) }
    }

    /// Forgets a step's state when it starts or ends: a sequence it left open ends with it.
    func reset(lane: String, name: String, kind: StepResultKind) {
        strippers.withLock { strippers in
            strippers = strippers.filter { key, _ in
                !(key.step.lane == lane && key.step.name == name && key.step.kind == kind)
            }
        }
    }
}
