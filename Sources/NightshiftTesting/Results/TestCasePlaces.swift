/// The merger's places of each test's first reading, in order, in chunks of 64 Ki places
/// (512 KiB): it grows a chunk at a time. An array doubles and copies instead: at 600,000 tests
/// it had 8 MiB of capacity for 4.8 MiB of places, and 12 MiB at once while it doubled (the
/// release build's peak, `scripts/bench-tests`).
struct TestCasePlaces: Sendable {
    private static let chunkBits = 16
    private var chunks: [[TestCaseSpill.Place]] = []
    private(set) var count = 0

    mutating func append(_ place: TestCaseSpill.Place) {
        if count & ((1 << Self.chunkBits) - 1) == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(1 << Self.chunkBits)
        }
        chunks[chunks.count - 1].append(place)
        count += 1
    }

    subscript(position: Int) -> TestCaseSpill.Place {
        chunks[position >> Self.chunkBits][position & ((1 << Self.chunkBits) - 1)]
    }
}
