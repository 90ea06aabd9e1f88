public import NightshiftCore
import NightshiftSystem

/// The lines a client or a step logs, in order. (NightshiftAppleTests and NightshiftDeliveryTests
/// still hold copies of their own, which shadow this one.)
public final class LineLog: Sendable {
    private let collected = LockedValue<[String]>([])

    public init() {}

    public var lines: [String] { collected.withLock { $0 } }
    public var text: String { lines.joined(separator: "\n") }
    public var sink: @Sendable (String) async -> Void { { [self] line in collected.withLock { $0.append(line) } } }
}

/// The same point of every back-off's jitter band.
public struct FixedJitter: JitterSource {
    public var unit: Double

    public init(unit: Double) {
        self.unit = unit
    }

    public func nextUnit() -> Double { unit }
}
