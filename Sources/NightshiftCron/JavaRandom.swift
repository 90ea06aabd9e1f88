/// An exact port of `java.util.Random` (the 48-bit linear congruential generator every JDK keeps),
/// because Jenkins draws its `H` values from it and the minutes must come out identical.
struct JavaRandom: Sendable {
    private static let multiplier: UInt64 = 0x5_DEEC_E66D
    private static let addend: UInt64 = 0xB
    private static let mask: UInt64 = (1 << 48) - 1

    private var state: UInt64

    init(seed: Int64) {
        state = (UInt64(bitPattern: seed) ^ Self.multiplier) & Self.mask
    }

    /// `Random.next(bits)`: advances the state and returns its top `bits` bits.
    mutating func next(bits: Int) -> Int32 {
        state = (state &* Self.multiplier &+ Self.addend) & Self.mask
        return Int32(truncatingIfNeeded: state >> UInt64(48 - bits))
    }

    /// `Random.nextInt(bound)` for `bound >= 1`, including Java's rejection loop for bounds that
    /// are not powers of two (the check relies on 32-bit overflow, reproduced with wrapping maths).
    mutating func nextInt(bound: Int32) -> Int32 {
        var random = next(bits: 31)
        let largest = bound &- 1
        if bound & largest == 0 {
            return Int32(truncatingIfNeeded: (Int64(bound) * Int64(random)) >> 31)
        }
        var candidate = random
        random = candidate % bound
        while candidate &- random &+ largest < 0 {
            candidate = next(bits: 31)
            random = candidate % bound
        }
        return random
    }
}
