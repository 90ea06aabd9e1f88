import Foundation

/// Finds occurrences of many byte patterns in one pass, Wu–Manber style: a window as long as the
/// shortest pattern slides over the text, and a hash of the three bytes at its end indexes a
/// shift table saying how far the window can jump without skipping a possible start (three
/// bytes, not two: common letter pairs of log text occur in secrets too and would keep shifts
/// short). With secrets of
/// typical length most of a log is skipped 10–20 bytes at a time. Only windows whose shift is 0
/// and whose leading pair is in a 64 Ki-bit filter compare whole patterns. Logs are hundreds of
/// megabytes; per-secret `String` searching was two orders of magnitude slower.
struct PatternMatcher: Sendable {
    /// Concatenated pattern bytes; pattern `n` is `storage[offsets[n]..<offsets[n] + lengths[n]]`.
    private let storage: [UInt8]
    private let offsets: [Int]
    private let lengths: [Int]
    /// Bit `b0 << 8 | b1` is set when some pattern starts with those bytes (any `b1` for a
    /// one-byte pattern).
    private let pairFilter: [UInt64]
    /// Pattern indices per leading pair, longest first: `bucketIndices[bucketStarts[k]..<bucketStarts[k + 1]]`.
    private let bucketStarts: [Int32]
    private let bucketIndices: [Int32]
    private let singleBytePatterns: [Int]
    /// How far the window may advance given the hash of the three bytes ending it (0: a pattern
    /// may start here).
    private let shiftTable: [UInt8]
    let longestLength: Int
    private let shortestLength: Int

    init(patterns: Set<[UInt8]>) {
        let sorted = patterns.filter { !$0.isEmpty }.sorted { left, right in
            left.count != right.count ? left.count > right.count : left.lexicographicallyPrecedes(right)
        }
        var storage: [UInt8] = []
        var offsets: [Int] = []
        for pattern in sorted {
            offsets.append(storage.count)
            storage += pattern
        }
        // Pairs sorted by key, ties by pattern index, so each bucket lists its patterns longest first.
        var pairs: [(key: Int, index: Int32)] = []
        for (index, pattern) in sorted.enumerated() {
            for key in Self.pairKeys(of: pattern) { pairs.append((key, Int32(index))) }
        }
        pairs.sort { left, right in left.key != right.key ? left.key < right.key : left.index < right.index }
        var filter = [UInt64](repeating: 0, count: (1 << 16) / 64)
        var counts = [Int32](repeating: 0, count: (1 << 16) + 1)
        for (key, _) in pairs {
            filter[key >> 6] |= 1 << UInt64(key & 63)
            counts[key + 1] += 1
        }
        for key in 0..<(1 << 16) { counts[key + 1] += counts[key] }
        let starts = counts
        let indices = pairs.map(\.index)
        self.storage = storage
        self.offsets = offsets
        self.lengths = sorted.map(\.count)
        self.pairFilter = filter
        self.bucketStarts = starts
        self.bucketIndices = indices
        self.singleBytePatterns = sorted.indices.filter { sorted[$0].count == 1 }
        self.longestLength = sorted.first?.count ?? 0
        self.shortestLength = sorted.last?.count ?? 0
        self.shiftTable = Self.shifts(for: sorted, window: shortestLength)
    }

    /// For each trigram hash, the distance from its last occurrence in any pattern's first
    /// `window` bytes to the window's end (capped at 255); others shift by `window - 2`. Hash
    /// collisions only make shifts shorter, never unsafe.
    private static func shifts(for patterns: [[UInt8]], window: Int) -> [UInt8] {
        guard window >= 3 else { return [] }
        var table = [UInt8](repeating: UInt8(min(window - 2, 255)), count: 1 << shiftTableBits)
        for pattern in patterns {
            for position in 0..<(window - 2) {
                let key = trigramHash(pattern[position], pattern[position + 1], pattern[position + 2])
                table[key] = min(table[key], UInt8(min(window - 3 - position, 255)))
            }
        }
        return table
    }

    /// 13 bits: the 8 KiB table stays in L1 next to the pair filter. Each window's shift lookup
    /// depends on the previous one, so an L2 table (16 bits) cost more in latency than its
    /// fewer collisions saved; measured on the bench log the average jump stays above 17 bytes
    /// for 20-byte secrets.
    static let shiftTableBits = 13

    @inline(__always)
    private static func trigramHash(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> Int {
        let mixed = UInt32(first) &* 0x9E37_79B1 ^ UInt32(second) &* 0x85EB_CA77 ^ UInt32(third) &* 0xC2B2_AE3D
        return Int(mixed >> UInt32(32 - shiftTableBits))
    }

    private static func pairKeys(of pattern: [UInt8]) -> [Int] {
        let first = Int(pattern[0]) << 8
        if pattern.count >= 2 { return [first | Int(pattern[1])] }
        return (0..<256).map { first | $0 }
    }

    var isEmpty: Bool { lengths.isEmpty }

    /// The merged ranges of every pattern occurrence that lies within `buffer[..<searchEnd]` and
    /// starts before `startLimit`. Overlapping and adjacent occurrences merge into one range, so
    /// two secrets sharing bytes are hidden as one.
    func occurrences(in buffer: UnsafeBufferPointer<UInt8>, searchEnd: Int, startLimit: Int) -> [Range<Int>] {
        guard !isEmpty, searchEnd > 0, let base = buffer.baseAddress else { return [] }
        var ranges: [Range<Int>] = []
        if shortestLength >= 3 {
            scanWithShifts(base, searchEnd: searchEnd, startLimit: startLimit, into: &ranges)
        } else {
            scanEveryPosition(base, searchEnd: searchEnd, startLimit: startLimit, into: &ranges)
        }
        let lastPosition = searchEnd - 1
        if lastPosition < startLimit, singleBytePatterns.contains(where: { storage[offsets[$0]] == base[lastPosition] }) {
            Self.add(lastPosition..<searchEnd, to: &ranges)
        }
        return ranges
    }

    /// Slides the window over `base`, checking only where the shift table allows a start. Above
    /// `interleavingThreshold` bytes the text is cut in two and both halves are scanned in the
    /// same loop: each step's next position depends on a table load, so one scan waits on
    /// memory latency most of the time, and two independent ones nearly double the speed. The
    /// halves split the window *ends* between them, so every window is still considered once.
    private func scanWithShifts(
        _ base: UnsafePointer<UInt8>, searchEnd: Int, startLimit: Int, into ranges: inout [Range<Int>]
    ) {
        let window = shortestLength
        let endLimit = min(startLimit, searchEnd - window + 1) + window - 1
        let firstEnd = window - 1
        shiftTable.withUnsafeBufferPointer { table in
            let shifts = table.baseAddress!
            guard endLimit - firstEnd >= Self.interleavingThreshold else {
                scan(from: firstEnd, to: endLimit, base, shifts, searchEnd: searchEnd, into: &ranges)
                return
            }
            let middle = firstEnd + (endLimit - firstEnd) / 2
            var laterRanges: [Range<Int>] = []
            var first = firstEnd
            var second = middle
            while first < middle && second < endLimit {
                let firstShift = Int(shifts[Self.trigramHash(base[first - 2], base[first - 1], base[first])])
                let secondShift = Int(shifts[Self.trigramHash(base[second - 2], base[second - 1], base[second])])
                if firstShift > 0 {
                    first += firstShift
                } else {
                    check(first - window + 1, in: base, searchEnd: searchEnd, into: &ranges)
                    first += 1
                }
                if secondShift > 0 {
                    second += secondShift
                } else {
                    check(second - window + 1, in: base, searchEnd: searchEnd, into: &laterRanges)
                    second += 1
                }
            }
            scan(from: first, to: middle, base, shifts, searchEnd: searchEnd, into: &ranges)
            scan(from: second, to: endLimit, base, shifts, searchEnd: searchEnd, into: &laterRanges)
            for range in laterRanges { Self.add(range, to: &ranges) }
        }
    }

    /// Texts shorter than this are scanned in one piece.
    static let interleavingThreshold = 4096

    /// One scan over the windows ending in `start..<limit`.
    private func scan(
        from start: Int, to limit: Int, _ base: UnsafePointer<UInt8>, _ shifts: UnsafePointer<UInt8>,
        searchEnd: Int, into ranges: inout [Range<Int>]
    ) {
        let window = shortestLength
        var end = start
        while end < limit {
            let shift = Int(shifts[Self.trigramHash(base[end - 2], base[end - 1], base[end])])
            if shift > 0 {
                end += shift
                continue
            }
            check(end - window + 1, in: base, searchEnd: searchEnd, into: &ranges)
            end += 1
        }
    }

    /// The fallback when some pattern is shorter than three bytes: every position is a candidate.
    private func scanEveryPosition(
        _ base: UnsafePointer<UInt8>, searchEnd: Int, startLimit: Int, into ranges: inout [Range<Int>]
    ) {
        let lastPairStart = min(startLimit, searchEnd - 1)
        var position = 0
        while position < lastPairStart {
            check(position, in: base, searchEnd: searchEnd, into: &ranges)
            position += 1
        }
    }

    private func check(_ start: Int, in base: UnsafePointer<UInt8>, searchEnd: Int, into ranges: inout [Range<Int>]) {
        let key = Int(base[start]) << 8 | Int(base[start + 1])
        guard pairFilter[key >> 6] & (1 << UInt64(key & 63)) != 0,
            let length = longestMatch(at: start, key: key, in: base, searchEnd: searchEnd)
        else { return }
        Self.add(start..<start + length, to: &ranges)
    }

    private func longestMatch(at position: Int, key: Int, in base: UnsafePointer<UInt8>, searchEnd: Int) -> Int? {
        let available = searchEnd - position
        for slot in Int(bucketStarts[key])..<Int(bucketStarts[key + 1]) {
            let index = Int(bucketIndices[slot])
            let length = lengths[index]
            guard length <= available else { continue }
            let equal = storage.withUnsafeBufferPointer { memcmp(base + position, $0.baseAddress! + offsets[index], length) == 0 }
            if equal { return length }
        }
        return nil
    }

    private static func add(_ range: Range<Int>, to ranges: inout [Range<Int>]) {
        if let last = ranges.last, range.lowerBound <= last.upperBound {
            ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
        } else {
            ranges.append(range)
        }
    }
}
