import Foundation
import NightshiftEngine
import NightshiftSystem

/// One `EscapeSequenceStripper` per step and channel, for `ConsoleReporter` without colour: a
/// sequence split between two chunks of a step's stdout is stripped whole, and what stdout left
/// open never swallows stderr or another step's output. Steps may stream concurrently (parallel
/// uploads), hence the lock.
// @unchecked: every mutable field is read and written under `lock` (NSLock: Synchronization's
// Mutex needs macOS 15).
final class StepOutputEscapeFilters: @unchecked Sendable {
    private struct Key: Hashable {
        var step: StepIdentity
        var channel: OutputChannel
    }

    private let lock = NSLock()
    private var strippers: [Key: EscapeSequenceStripper] = [:]

    func strip(_ text: [UInt8], channel: OutputChannel, step: StepIdentity) -> [UInt8] {
        lock.withLock { strippers[Key(step: step, channel: channel), default: EscapeSequenceStripper()].strip(text) }
    }

    /// Forgets a step's state when it starts or ends: a sequence it left open ends with it.
    func reset(lane: String, name: String, kind: StepResultKind) {
        lock.withLock {
            strippers = strippers.filter { key, _ in
                !(key.step.lane == lane && key.step.name == name && key.step.kind == kind)
            }
        }
    }
}
