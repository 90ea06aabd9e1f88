public import Foundation

extension Duration {
    /// Seconds as a floating-point number.
    public var seconds: TimeInterval {
        TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
    }
}
