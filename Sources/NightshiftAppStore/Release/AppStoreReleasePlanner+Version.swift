import NightshiftServices

extension AppStoreReleasePlanner {
    /// The version with this `versionString`, else the platform's editable one renamed, else a
    /// new one; one released, approved or in review is a problem that says what to do.
    func chooseVersion(_ versions: [R.Version], _ request: AppStoreReleaseRequest, into plan: inout AppStoreReleasePlan) async throws {
        let name = plan.versionString
        let chosen: R.Version?
        if let wanted = versions.first(where: { $0.attributes?.versionString == name }) {
            chosen = wanted
            switch wanted.state {
            case .editable:
                plan.version = .reuse(id: wanted.id)
            case .waitingForReview, .inReview:
                let attached = try await attachedBuild(wanted.id)
                if attached == plan.buildID {
                    plan.alreadySubmitted = wanted.state == .inReview ? "in review" : "waiting for review"
                    return
                }
                plan.version = .reuse(id: wanted.id)
                if wanted.state == .inReview || !request.cancelPrevious {
                    plan.problems.append(
                        "version \(name) (\(plan.platform)) is \(wanted.state) with build \(attached ?? "none"): "
                            + (wanted.state == .inReview
                                ? "wait for App Review's verdict"
                                : "set 'cancel_previous: true' to take it out of review and attach build \(plan.buildNumber)"))
                }
            case .pendingRelease(let state):
                plan.problems.append(
                    "version \(name) (\(plan.platform)) is approved (\(state)): release it with 'nightshift appstore release', or set 'version:' to a new version"
                )
            case .released(let state):
                plan.problems.append(
                    "version \(name) (\(plan.platform)) is already released (\(state)): set 'version:' to a new version, or upload a build of one"
                )
            case .other, .unknown:
                plan.problems.append(
                    "version \(name) (\(plan.platform)) is \(wanted.state), which nightshift cannot edit: see App Store Connect")
            }
        } else if let editable = versions.first(where: { $0.state.isEditable }) {
            chosen = editable
            plan.version = .renamed(id: editable.id, from: editable.attributes?.versionString ?? "?")
        } else if let busy = versions.first(where: { $0.state == .waitingForReview || $0.state == .inReview }) {
            chosen = busy
            plan.version = .renamed(id: busy.id, from: busy.attributes?.versionString ?? "?")
            if busy.state == .inReview || !request.cancelPrevious {
                plan.problems.append(
                    "version \(busy.attributes?.versionString ?? busy.id) (\(plan.platform)) is \(busy.state), and a platform has one version in progress: "
                        + (busy.state == .inReview
                            ? "wait for App Review's verdict" : "set 'cancel_previous: true' to take it out of review"))
            }
        } else {
            chosen = nil
            plan.version = .create
        }
        plan.isFirstVersion = !versions.contains { $0.id != chosen?.id }
        if let chosen { plan.attachedBuildID = try await attachedBuild(chosen.id) }
        if let wanted = request.releaseType,
            chosen == nil || chosen?.attributes?.releaseType != wanted.apple
                || (wanted.earliest != nil && chosen?.attributes?.earliestReleaseDate != wanted.earliest)
        {
            plan.releaseType = wanted
        }
    }

    /// The id of the build a version holds, nil when none.
    func attachedBuild(_ version: String) async throws -> String? {
        try await client.get(R.Build?.self, "v1/appStoreVersions/\(version)/build")?.id
    }

    /// The open submission is reused when it holds nothing but this version; one waiting for
    /// review is cancelled only with `cancel_previous: true`; one holding anything else is never
    /// touched.
    func chooseSubmission(_ request: AppStoreReleaseRequest, into plan: inout AppStoreReleasePlan) async throws {
        let states = ["READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW", "UNRESOLVED_ISSUES", "CANCELING"]
        let submissions = try await client.list(
            R.Submission.self, "v1/reviewSubmissions",
            query: [("filter[app]", plan.appID), ("filter[platform]", plan.platform), ("filter[state]", states.joined(separator: ","))]
        ).filter { ($0.attributes?.platform ?? plan.platform) == plan.platform && states.contains($0.attributes?.state ?? "") }
        for submission in submissions {
            let state = submission.attributes?.state ?? ""
            if state == "CANCELING" {
                plan.canceling.append(submission.id)
                continue
            }
            let items = try await self.items(of: submission.id)
            switch state {
            case "READY_FOR_REVIEW":
                let foreign = items.filter { $0.versionID == nil || $0.versionID != plan.version.id }
                if foreign.isEmpty {
                    plan.submission = .reuse(id: submission.id, holdsVersion: !items.isEmpty)
                } else {
                    plan.problems.append(
                        "review submission \(submission.id) (\(plan.platform)) holds items nightshift did not add ("
                            + foreign.map(\.described).joined(separator: ", ")
                            + "): it is left untouched; submit or remove them in App Store Connect, then run the step again")
                }
            case "IN_REVIEW":
                plan.problems.append("review submission \(submission.id) (\(plan.platform)) is in review: wait for App Review's verdict")
            default:
                if request.cancelPrevious {
                    plan.cancel.append(submission.id)
                } else {
                    plan.problems.append(
                        "review submission \(submission.id) (\(plan.platform)) is \(state) ("
                            + items.map(\.described).joined(separator: ", ")
                            + "): set 'cancel_previous: true' to cancel it, or wait for App Review")
                }
            }
        }
    }

    func items(of submission: String) async throws -> [R.SubmissionItem] {
        try await AppStoreReviewSubmissionItems(client: client).items(of: submission)
    }

    /// Phased release: created when asked for (never on a first version, where Apple offers
    /// none), deleted when turned off and not started.
    func choosePhasedRelease(_ request: AppStoreReleaseRequest, into plan: inout AppStoreReleasePlan) async throws {
        guard let phased = request.phased else { return }
        if plan.isFirstVersion {
            if phased {
                plan.notes.append("phased release is not offered on an app's first version: it is released to everyone at once")
            }
            return
        }
        var existing: R.PhasedRelease?
        if let version = plan.version.id {
            existing = try await client.get(R.PhasedRelease?.self, "v1/appStoreVersions/\(version)/appStoreVersionPhasedRelease")
        }
        if phased, existing == nil { plan.createPhasedRelease = true }
        if !phased, let existing, existing.attributes?.phasedReleaseState == "INACTIVE" { plan.deletePhasedRelease = existing.id }
    }
}

extension AppStoreReleasePlan.VersionAction {
    /// The version's id, nil until it is created.
    var id: String? {
        switch self {
        case .reuse(let id), .renamed(let id, _): id
        case .create: nil
        }
    }
}
