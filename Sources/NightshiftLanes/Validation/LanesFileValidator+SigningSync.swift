import NightshiftCore

extension LanesFileValidator {
    /// With `codesigning: { from: appstoreconnect }` there are no signing files on disk: a run's
    /// `signing: sync` makes them. A lane that imports a certificate or installs a profile with
    /// no `signing: sync` of its configuration before it would fail late, so it is an error at
    /// load. Lanes another lane calls are checked as part of their callers only: the caller's
    /// sync may precede the call.
    func checkSigningSyncOrder(graph: LaneCallGraph) {
        guard let codesigning = file.codesigning, codesigning.from == .appStoreConnect else { return }
        var called: Set<String> = []
        for lane in file.lanes {
            for step in lane.steps { if case .lane(let callee) = step.kind { called.insert(callee) } }
        }
        var reported: Set<String> = []
        for lane in file.lanes where !called.contains(lane.name) {
            var synced: Set<String?> = []
            graph.visitSteps(reachableFrom: lane) { walked in
                let kind = walked.step.kind
                if kind == .signingSync { synced.insert(walked.configurationName) }
                guard [.importCertificate, .installProfile, .package].contains(kind.keyword), !synced.contains(walked.configurationName)
                else { return }
                let place = walked.step.location.map { "\($0)" } ?? "\(walked.lane.name) \(walked.step.displayName)"
                guard reported.insert(place).inserted else { return }
                bag.error(
                    "'\(kind.keyword)' in lane '\(walked.lane.name)' reads the signing files that 'signing: sync' makes under 'codesigning: { from: appstoreconnect }', and no 'signing: sync' runs before it"
                        + (walked.configurationName.map { " with configuration '\($0)'" } ?? ""),
                    at: walked.step.location ?? walked.lane.location,
                    notes: ["add '- signing: sync' before it in lane '\(lane.name)'"])
            }
        }
    }
}
