@testable import NightshiftCore
import NightshiftTestSupport
import Testing

@Suite("PatternMatcher")
struct PatternMatcherTests {
    /// Every occurrence of every pattern, found the slow obvious way, merged like the matcher does.
    private func reference(_ text: [UInt8], _ patterns: [[UInt8]], startLimit: Int? = nil) -> [Range<Int>] {
        var covered: [Range<Int>] = []
        for start in text.indices.prefix(startLimit ?? text.count) {
            let lengths = patterns.filter { start + $0.count <= text.count && text[start..<start + $0.count].elementsEqual($0) }
                .map(\.count)
            guard let length = lengths.max() else { continue }
            if let last = covered.last, start <= last.upperBound {
                covered[covered.count - 1] = last.lowerBound..<max(last.upperBound, start + length)
            } else {
                covered.append(start..<start + length)
            }
        }
        return covered
    }

    @Test("the skipping scan finds exactly what a naive scan finds, on texts full of near misses")
    func agreesWithNaiveSearch() {
        var generator = SplitMix64(seed: 7)
        for round in 0..<600 {
            let patternCount = 1 + Int(generator.next() % 4)
            let patterns = (0..<patternCount).map { _ in
                // Odd rounds use only patterns of 3+ bytes, so the skipping scan runs; even rounds
                // may include 2-byte patterns, which take the every-position path.
                (0..<((round % 2 == 1 ? 3 : 2) + Int(generator.next() % 8))).map { _ in UInt8(ascii: "a") + UInt8(generator.next() % 3) }
            }
            let text = (0..<(Int(generator.next() % 200))).map { _ in UInt8(ascii: "a") + UInt8(generator.next() % 3) }
            let matcher = PatternMatcher(patterns: Set(patterns))
            let found = text.withUnsafeBufferPointer {
                matcher.occurrences(in: $0, searchEnd: $0.count, startLimit: $0.count)
            }
            #expect(found == reference(text, patterns), "round \(round): \(patterns) in \(text)")
        }
    }

    @Test("long texts, scanned as two interleaved halves, give exactly what a naive scan gives")
    func longTexts() {
        var generator = SplitMix64(seed: 11)
        for round in 0..<39 {
            // Patterns start with a letter that is rare in the background: near misses everywhere,
            // and whole patterns planted densely around the middle, where the two halves meet.
            let patterns = (0..<(1 + Int(generator.next() % 4))).map { _ in
                [UInt8(ascii: "z")] + (0..<(2 + Int(generator.next() % 6))).map { _ in UInt8(ascii: "a") + UInt8(generator.next() % 4) }
            }
            let count = PatternMatcher.interleavingThreshold + Int(generator.next() % 4_000)
            var text = (0..<count).map { _ in
                generator.next() % 16 == 0 ? UInt8(ascii: "z") : UInt8(ascii: "a") + UInt8(generator.next() % 4)
            }
            for (number, position) in stride(from: count / 2 - 60 + round % 13, to: count / 2 + 60, by: 13).enumerated() {
                let pattern = patterns[number % patterns.count]
                text.replaceSubrange(position..<position + pattern.count, with: pattern)
            }
            let startLimit = round % 3 == 0 ? count / 2 + Int(generator.next() % 40) : count
            let matcher = PatternMatcher(patterns: Set(patterns))
            let found = text.withUnsafeBufferPointer {
                matcher.occurrences(in: $0, searchEnd: $0.count, startLimit: startLimit)
            }
            #expect(found == reference(text, patterns, startLimit: startLimit), "round \(round): \(patterns)")
        }
    }

    @Test("one-byte patterns are found everywhere, including the last byte")
    func singleByte() {
        let matcher = PatternMatcher(patterns: [[UInt8(ascii: "x")], Array("yz".utf8)])
        let text = Array("xayzbx".utf8)
        let found = text.withUnsafeBufferPointer { matcher.occurrences(in: $0, searchEnd: $0.count, startLimit: $0.count) }
        #expect(found == [0..<1, 2..<4, 5..<6])
    }
}
