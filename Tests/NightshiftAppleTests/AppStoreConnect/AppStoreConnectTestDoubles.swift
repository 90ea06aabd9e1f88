import NightshiftCore
import NightshiftSystem

/// The lines App Store Connect's callers log, in order.
final class LineLog: Sendable {
    private let collected = LockedValue<[String]>([])
    var lines: [String] { collected.withLock { $0 } }
    var text: String { lines.joined(separator: "\n") }
    var sink: @Sendable (String) async -> Void { { [self] line in collected.withLock { $0.append(line) } } }
}

/// The same point of every back-off's jitter band.
struct FixedJitter: JitterSource {
    var unit: Double
    func nextUnit() -> Double { unit }
}
