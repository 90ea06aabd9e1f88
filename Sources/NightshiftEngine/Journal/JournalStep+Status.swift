/// The step statuses the resume rules act on. The engine records each step's `StepStatus` by its
/// raw value (`StepExecution+Journal.swift`); the journal does not see the engine's types, so it
/// names these two itself, and a test holds them equal to `StepStatus`'s.
extension JournalStep {
    static let passed = "passed"
    static let skipped = "skipped"
}
