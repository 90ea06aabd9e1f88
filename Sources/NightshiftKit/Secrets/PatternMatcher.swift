import Foundation

/// Finds occurrences of many byte patterns in one pass. Each position is first tested against a
/// 64 Ki-bit filter of the patterns' leading byte pairs (8 KiB, stays in L1), so ordinary log
/// text costs one load and one bit test per byte; only positions whose pair starts some pattern
/// compare whole patterns. Logs are hundreds of megabytes; per-secret `String` searching was two
/// orders of magnitude slower.
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
    let longestLength: Int

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
        let lastPairStart = min(startLimit, searchEnd - 1)
        pairFilter.withUnsafeBufferPointer { filter in
            var position = 0
            while position < lastPairStart {
                let key = Int(base[position]) << 8 | Int(base[position + 1])
                if filter[key >> 6] & (1 << UInt64(key & 63)) != 0,
                   let length = longestMatch(at: position, key: key, in: base, searchEnd: searchEnd) {
                    Self.add(position..<position + length, to: &ranges)
                }
                position += 1
            }
        }
        let lastPosition = searchEnd - 1
        if lastPosition < startLimit, singleBytePatterns.contains(where: { storage[offsets[$0]] == base[lastPosition] }) {
            Self.add(lastPosition..<searchEnd, to: &ranges)
        }
        return ranges
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
