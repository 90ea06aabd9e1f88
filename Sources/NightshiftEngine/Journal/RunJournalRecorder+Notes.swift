import NightshiftCore

extension RunJournalRecorder {
    /// The note an earlier attempt of this run left for step `number` of `kind`, if any.
    func earlierNote(step number: Int, kind: String) -> [String: String]? {
        journalSnapshot.notes?.first { $0.step == number && $0.kind == kind }?.values
    }

    /// The notes of the steps the run reached before step `number`, in this attempt or an
    /// earlier one, in run order: how a step finds what an earlier one left (the build an upload
    /// made, for a `release:` step).
    func notes(before number: Int) -> [JournalNote] {
        (journalSnapshot.notes ?? []).filter { $0.step < number }
    }

    /// Replaces step `number`'s note, masked field by field, and writes the journal before
    /// returning: the caller is about to do what the note lets a later attempt continue.
    func note(step number: Int, kind: String, values: [String: String]) async {
        let masked = Dictionary(
            values.prefix(JournalNote.mostValues).map {
                (masker.mask($0.key), masker.mask(String($0.value.prefix(JournalNote.longestValue))))
            },
            uniquingKeysWith: { _, last in last })
        changeJournal { journal in
            var notes = (journal.notes ?? []).filter { $0.step != number }
            notes.append(JournalNote(step: number, kind: kind, values: masked))
            journal.notes = notes.sorted { $0.step < $1.step }
        }
        await self.write()
    }
}
