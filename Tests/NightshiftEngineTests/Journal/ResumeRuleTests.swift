import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import Testing

/// Each reason a resumed run re-runs a step, and the one case where it reuses it.
@Suite("Resume rules")
struct ResumeRuleTests {
    static let inputs = StepInputs(
        step: "s1", configuration: ["export_method": "d1"], settings: ["export_method": "ad-hoc"], variables: ["FLAVOR": "v1"],
        consumes: ["archive": "f0"], commit: "a1b2c3d4e5f6", dirty: false)
    static let archive = JournalArtifact(path: "/runs/1/output/Brewer.xcarchive", size: 10, sha256: "9f2c1234", directory: true)

    static func previous(status: StepStatus = .passed, reusable: Bool = true, exports: [String: String] = [:]) -> JournalStep {
        JournalStep(
            number: 3, lane: "beta", kind: "archive", name: "archive", attempt: 1, fingerprint: inputs.fingerprint, inputs: inputs,
            status: status.rawValue, attempts: 1, finished: Date(timeIntervalSince1970: 1_767_307_260), artifacts: [archive],
            exports: exports, reusable: reusable)
    }

    func decide(
        _ step: Step = Step(.archive), inputs: StepInputs = Self.inputs, previous: JournalStep? = Self.previous(),
        earlierRerun: String? = nil, artifactNow: JournalArtifact? = Self.archive, tree: WorkingTreeComparison = .unknown
    ) -> ResumeDecision {
        ResumeRule(
            step: step, fingerprint: inputs.fingerprint, inputs: inputs, previous: previous, earlierRerun: earlierRerun,
            artifactNow: { _ in artifactNow }, tree: tree
        ).decide()
    }

    @Test("passed, same fingerprint, artifacts intact, nothing before re-runs: reused, saying why")
    func reuse() {
        #expect(decide() == .reuse("passed 22:41, inputs unchanged, Brewer.xcarchive sha256 9f2c…"))
    }

    @Test("a step that did not pass, or never ran, re-runs")
    func notPassed() {
        #expect(decide(previous: Self.previous(status: .failed)) == .rerun("it failed last time"))
        #expect(decide(previous: Self.previous(status: .interrupted)) == .rerun("it interrupted last time"))
        #expect(decide(previous: nil) == .rerun("it did not run before"))
    }

    @Test("each changed input is named")
    func changedInputs() {
        let cases: [((inout StepInputs) -> Void, String)] = [
            ({ $0.commit = "9e8f7a6b5c4d" }, "the commit changed (a1b2c3d → 9e8f7a6)"),
            ({ $0.step = "s2" }, "the step changed"),
            (
                {
                    $0.configuration["export_method"] = "d2"; $0.settings["export_method"] = "app-store-connect"
                },
                "ExportOptions changed (method ad-hoc → app-store-connect)"
            ),
            ({ $0.variables["FLAVOR"] = "v2" }, "FLAVOR changed"),
            ({ $0.variables["TOKEN"] = "t" }, "it now reads TOKEN"),
            ({ $0.consumes["archive"] = "f9" }, "its archive input was made again"),
        ]
        for (change, reason) in cases {
            var changed = Self.inputs
            change(&changed)
            #expect(decide(inputs: changed) == .rerun(reason))
        }
    }

    @Test("a missing or changed artifact re-runs the step")
    func artifacts() {
        #expect(decide(artifactNow: nil) == .rerun("Brewer.xcarchive is gone"))
        var other = Self.archive
        other.sha256 = "0000ffff"
        #expect(decide(artifactNow: other) == .rerun("Brewer.xcarchive changed since (sha256 9f2c… → 0000…)"))
    }

    @Test("an earlier re-run, an sh step without outputs, always steps and resources all re-run")
    func neverSkipped() {
        #expect(decide(earlierRerun: "build") == .rerun("'build' before it re-runs"))
        #expect(decide(previous: Self.previous(reusable: false)) == .rerun("nothing it made can be checked ('sh:' steps need 'outputs:')"))
        #expect(decide(Step(.archive, options: StepOptions(always: true))) == .rerun("'always' steps run on every run"))
        #expect(decide(Step(.importCertificate)) == .rerun("resources are set up again for the steps that need them"))
        #expect(
            decide(previous: Self.previous(exports: ["X": "a-********"]))
                == .rerun("what it hands to later steps holds a secret, which the journal does not keep"))
    }

    @Test("#26.9: the tree is compared with the state the attempt before left, not with a clean one")
    func workingTree() {
        let left = RepositoryState(commit: "a1b2c3d4e5f6", dirty: true, changes: "d1")
        #expect(WorkingTreeComparison.compare(now: left, left: left, attempt: 1) == .asLeft)
        var edited = left
        edited.changes = "d2"
        #expect(
            WorkingTreeComparison.compare(now: edited, left: left, attempt: 2) == .changed("tracked files changed since attempt 2 ended"))
        var moved = left
        moved.commit = "9e8f7a6b5c4d"
        #expect(WorkingTreeComparison.compare(now: moved, left: left, attempt: 1) == .changed("the commit changed (a1b2c3d → 9e8f7a6)"))
        var unknown = left
        unknown.changes = nil
        #expect(
            WorkingTreeComparison.compare(now: unknown, left: left, attempt: 1)
                == .changed("git could not say whether tracked files changed since attempt 1 ended"))
        #expect(WorkingTreeComparison.compare(now: nil, left: left, attempt: 1) == .unknown)
        #expect(WorkingTreeComparison.compare(now: left, left: nil, attempt: 1) == .unknown)
        // A changed tree re-runs even a step whose own inputs are unchanged.
        #expect(
            decide(tree: .changed("tracked files changed since attempt 1 ended")) == .rerun("tracked files changed since attempt 1 ended"))
    }

    @Test("#26.9: an sh step without outputs is reused only when the tree is as the attempt before left it")
    func outputlessShellStep() {
        let bump = Step(.sh("bump"))
        let passed = Self.previous(reusable: false)
        let noArtifact = { (previous: JournalStep) -> JournalStep in
            var previous = previous
            previous.artifacts = []
            return previous
        }(passed)
        #expect(
            decide(bump, previous: noArtifact, tree: .asLeft) == .reuse("passed 22:41, inputs unchanged, tracked files as it left them"))
        #expect(
            decide(bump, previous: noArtifact, tree: .unknown)
                == .rerun("nothing it did can be checked (no 'outputs:', and no git working tree to compare)"))
        #expect(decide(bump, previous: noArtifact, earlierRerun: "build", tree: .asLeft) == .rerun("'build' before it re-runs"))
    }
}
