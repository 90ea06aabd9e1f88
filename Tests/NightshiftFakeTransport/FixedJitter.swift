public import NightshiftCore

/// The same point of every back-off's jitter band, so a retried request's waits are known.
public struct FixedJitter: JitterSource {
    public var unit: Double

    public init(unit: Double) {
        self.unit = unit
    }

    public func nextUnit() -> Double { unit }
}
