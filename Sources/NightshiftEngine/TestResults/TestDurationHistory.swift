/// How long each test took when it last ran, for balancing shards: the run history implements
/// it (NightshiftScheduling), the test step reads it (NightshiftTesting).
public protocol TestDurationHistory: Sendable {
    /// Identifier → seconds of the latest recorded run of each test of `step` in `lane` (the
    /// durations of one identifier's arguments, devices or configurations added up); empty
    /// when nothing is known.
    func lastDurations(lane: String, step: String) async -> [String: Double]
}
