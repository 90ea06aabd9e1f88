/// The merger's index from a test's key to its position, in 8 bytes a slot (a 32-bit tag of the
/// key's hash and the position), open-addressed and at most three quarters full: half the
/// memory of a `Dictionary<Int, Int32>` at 500,000 tests. Keys are not kept: a tag that
/// matches is confirmed by `isKey`, which reads the test back.
///
/// In 64 segments, chosen by the tag's top bits, that each double on their own: one table
/// doubling held its old and new slots at once (4 and 8 MiB at 400,000 tests, the release
/// build's peak in `scripts/bench-tests`); a segment doubling holds a 64th of that.
struct TestKeyIndex: Sendable {
    private static let segmentBits = 6
    private var segments = [Segment](repeating: Segment(), count: 1 << segmentBits)

    /// The position of the test whose key is `key`, nil when there is none.
    func position(of key: TestCaseKey, isKey: (Int32) -> Bool) -> Int32? {
        let tag = Self.tag(of: key.hashValue)
        return segments[Self.segment(tag)].position(tag: tag, isKey: isKey)
    }

    /// Records `position` for `key`, which the index does not hold yet.
    mutating func insert(_ key: TestCaseKey, at position: Int32) {
        let tag = Self.tag(of: key.hashValue)
        segments[Self.segment(tag)].insert(tag: tag, position: position)
    }

    private static func tag(of hash: Int) -> UInt32 { UInt32(truncatingIfNeeded: UInt64(bitPattern: Int64(hash)) >> 32) }
    private static func segment(_ tag: UInt32) -> Int { Int(tag >> (32 - segmentBits)) }

    /// One open-addressed table: an entry is its tag (high half) and its position plus one (low
    /// half, so 0 is an empty slot); its home slot is the tag's low bits, which survive a doubling.
    private struct Segment: Sendable {
        private var slots = [UInt64](repeating: 0, count: 16)
        private var count = 0

        func position(tag: UInt32, isKey: (Int32) -> Bool) -> Int32? {
            var slot = home(tag)
            while slots[slot] != 0 {
                if Self.tag(slots[slot]) == tag, isKey(Self.position(slots[slot])) { return Self.position(slots[slot]) }
                slot = (slot + 1) & (slots.count - 1)
            }
            return nil
        }

        mutating func insert(tag: UInt32, position: Int32) {
            if (count + 1) * 4 > slots.count * 3 { grow() }
            place(UInt64(tag) << 32 | UInt64(UInt32(bitPattern: position) &+ 1))
            count += 1
        }

        private mutating func place(_ entry: UInt64) {
            var slot = home(Self.tag(entry))
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = entry
        }

        private mutating func grow() {
            let old = slots
            slots = [UInt64](repeating: 0, count: old.count * 2)
            for entry in old where entry != 0 { place(entry) }
        }

        private func home(_ tag: UInt32) -> Int { Int(tag) & (slots.count - 1) }
        private static func tag(_ entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry >> 32) }
        private static func position(_ entry: UInt64) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: entry) &- 1) }
    }
}
