import NightshiftCore

/// What every export says before the user finds out from the CI engine.
enum ExportWarnings {
    /// A lanes file the job's checkout will not have at that path.
    static func lanesFile(_ path: String) -> [Diagnostic] {
        guard ExportedLanesFile.isOutsideWorkspace(path) else { return [] }
        return [
            .warning(
                "the exported jobs run `nightshift run --file \(path)`, outside the job's checkout; keep lanes.yml in the repository and export from there",
                at: nil
            )
        ]
    }

    /// One warning about `lane`'s schedule, at it.
    static func schedule(_ plan: ExportLanePlan, _ text: String) -> Diagnostic {
        .warning("lane '\(plan.name)': \(text)", at: plan.schedule?.location ?? plan.lane.location)
    }
}
