/// The merger's index from a test's key to its position, in 8 bytes a slot (a 32-bit tag of the
/// key's hash and the position), open-addressed and at most three quarters full: half the
/// memory of a `Dictionary<Int, Int32>` at 500,000 tests. Keys are not kept: a tag that
/// matches is confirmed by `isKey`, which reads the test back.
struct TestKeyIndex: Sendable {
    private var slots = [UInt64](repeating: 0, count: 1024)
    private var count = 0

    /// The position of the test whose key is `key`, nil when there is none.
    func position(of key: TestCaseKey, isKey: (Int32) -> Bool) -> Int32? {
        let hash = key.hashValue
        var slot = home(hash)
        while slots[slot] != 0 {
            if tag(slots[slot]) == tag(of: hash), isKey(position(slots[slot])) { return position(slots[slot]) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Records `position` for `key`, which the index does not hold yet.
    mutating func insert(_ key: TestCaseKey, at position: Int32) {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        place(UInt64(tag(of: key.hashValue)) << 32 | UInt64(UInt32(bitPattern: position) &+ 1), hash: key.hashValue)
        count += 1
    }

    private mutating func place(_ entry: UInt64, hash: Int) {
        var slot = home(hash)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = entry
    }

    /// Twice the slots; each entry goes to where its tag sends it (the tag is the hash's high
    /// half, the home slot its low bits: both survive).
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        for entry in old where entry != 0 {
            var slot = Int(UInt32(truncatingIfNeeded: entry >> 32)) & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = entry
        }
    }

    private func home(_ hash: Int) -> Int { Int(tag(of: hash)) & (slots.count - 1) }
    private func tag(of hash: Int) -> UInt32 { UInt32(truncatingIfNeeded: UInt64(bitPattern: Int64(hash)) >> 32) }
    private func tag(_ entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry >> 32) }
    private func position(_ entry: UInt64) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: entry) &- 1) }
}
