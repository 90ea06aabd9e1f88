import NightshiftCore

extension LaneRunner {
    /// For `--resume` and `--from`: the recorded values of the options `given` leaves out (to
    /// resolve after them), said on the console. Throws, before anything runs, when the run
    /// cannot be resumed or a secret it was given is not given again.
    func optionsOfResumedRun(_ lane: Lane, given: [LaneInvocation.Option]) throws(RunPreparationError) -> [(
        name: String, value: String
    )] {
        guard let request = options.journal, request.continuesEarlierRun else { return [] }
        let store = journalStore(for: lane)
        let journal: RunJournal
        do {
            let (runID, _) = try locateRun(request, lane: lane, store: store, lanesFile: lanesFileRecord(request))
            journal = try store.load(runID, lane: lane.name)
        } catch {
            throw preparationError(error, store: store)
        }
        // A journal from before options were recorded: the options are the command line's.
        guard let recorded = journal.options else { return [] }
        let merged = ResumedOptions(runID: journal.runID, recorded: recorded, lane: lane).merge(
            given.map { (name: $0.name, value: $0.value) })
        guard merged.problems.isEmpty else { throw RunPreparationError(merged.problems) }
        for text in merged.notices { notice(text) }
        return merged.reused
    }
}
