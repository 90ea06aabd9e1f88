import Crypto

/// Where `H` values come from: Jenkins' `hudson.scheduler.Hash`. A seeded hash is MD5 of the job's
/// full name folded to 64 bits and fed to `java.util.Random`; without a job every draw is 0, so
/// each `H` takes the lowest value of its range.
public struct CronHash: Sendable {
    private var random: JavaRandom?

    /// `seed == nil` is Jenkins' `Hash.zero()`.
    init(seed: String?) {
        guard let seed else {
            random = nil
            return
        }
        random = JavaRandom(seed: Self.foldedDigest(of: seed))
    }

    /// The next value in `0..<bound`, consuming one draw of the shared stream.
    mutating func next(_ bound: Int) -> Int {
        guard var generator = random else { return 0 }
        let value = generator.nextInt(bound: Int32(truncatingIfNeeded: bound))
        random = generator
        return Int(value)
    }

    /// MD5 of the UTF-8 seed, bytes 8–15 XOR-ed onto bytes 0–7, read as a big-endian signed Int64.
    static func foldedDigest(of seed: String) -> Int64 {
        var bytes = Array(Insecure.MD5.hash(data: Array(seed.utf8)))
        for index in 8..<16 { bytes[index - 8] ^= bytes[index] }
        let folded = bytes[0..<8].reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
        return Int64(bitPattern: folded)
    }
}
