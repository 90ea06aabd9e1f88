internal import Foundation
public import NightshiftEngine
internal import NightshiftSystem

/// Test durations as earlier runs of the lane left them in their run folders
/// (`<runs>/<lane>/<run-id>/output/tests/durations.json`, written by each test step): what
/// balances the shards of a plain `nightshift run` (a Jenkins job) that no scheduler's run
/// history records. The newest run that ran the step counts.
public struct EarlierRunDurations: TestDurationHistory {
    /// `.nightshift/runs`.
    public let runs: String

    public init(runs: String) { self.runs = runs }

    /// The file a test step adds its durations to, in its run's output folder.
    public static func path(output: String) -> String { "\(output)/tests/durations.json" }

    public func lastDurations(lane: String, step: String) async -> [String: Double] {
        let folder = "\(runs)/\(lane)"
        // Run ids start with their UTC time (`20261126-101743-32629`): newest last by name.
        let ids = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted(by: >).prefix(50)
        for id in ids {
            let path = Self.path(output: "\(folder)/\(id)/output")
            if let durations = Self.read(path)[step], !durations.isEmpty { return durations }
        }
        return [:]
    }

    /// Step name → identifier → seconds; empty when missing or unreadable (never an error:
    /// without durations the shards are balanced by count).
    static func read(_ path: String) -> [String: [String: Double]] {
        guard let data = try? WholeFile.contents(of: path, atMost: 64 << 20),
            let decoded = try? JSONDecoder().decode([String: [String: Double]].self, from: data)
        else { return [:] }
        return decoded
    }

    /// Adds (replaces) `step`'s durations in the run's file.
    public static func record(_ durations: [String: Double], step: String, output: String) {
        let path = Self.path(output: output)
        var all = read(path)
        all[step] = durations.filter { $0.value.isFinite && $0.value >= 0 }
        guard let data = try? JSONEncoder().encode(all) else { return }
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// The first source that knows the step's durations: the run history, then the run folders
/// (a history that could not be opened, or one started after the runs that recorded them).
public struct FirstKnownDurations: TestDurationHistory {
    let sources: [any TestDurationHistory]

    public init(_ sources: [any TestDurationHistory]) { self.sources = sources }

    public func lastDurations(lane: String, step: String) async -> [String: Double] {
        for source in sources {
            let durations = await source.lastDurations(lane: lane, step: step)
            if !durations.isEmpty { return durations }
        }
        return [:]
    }
}
