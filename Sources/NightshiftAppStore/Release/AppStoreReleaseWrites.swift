import NightshiftEngine
import NightshiftServices
import NightshiftSystem

/// Carries out a plan without problems: export compliance, the version (created, renamed or
/// reused) with its build, What's New, release type, phased release, then the review submission
/// and its item, and the submission itself. Every id is written into the run journal before the
/// next call; a resumed or repeated run plans again from what Apple holds, so it reuses what an
/// interrupted one created and never makes a second version or submission.
struct AppStoreReleaseWrites: Sendable {
    typealias R = AppStoreReleaseResources

    var client: AppStoreConnectClient
    var clock: any WallClock
    var journal: StepJournalNotes
    var log: @Sendable (String) async -> Void = { _ in }
    /// How long a cancelled submission may stay `CANCELING` (codemagic waits 120 s).
    var cancelingPoll: Duration = .seconds(5)
    var cancelingTimeout: Duration = .seconds(120)

    /// The submission's id, or nil when nothing was submitted (`submit: false`).
    func carryOut(_ plan: AppStoreReleasePlan) async throws -> AppStoreReleaseOutcome {
        var note = journal.earlier ?? [:]
        note["app"] = plan.appID
        note["build"] = plan.buildID
        await journal.record(note)
        if let encryption = plan.encryption {
            try await ExportCompliance(client: client, log: log).set(
                build: plan.buildID, usesNonExemptEncryption: encryption, declaration: plan.encryptionDeclaration)
        }
        for id in plan.cancel {
            try await client.send(
                "PATCH", "v1/reviewSubmissions/\(id)",
                json: ["data": ["type": "reviewSubmissions", "id": id, "attributes": ["canceled": true]]])
            await log("review submission \(id) cancelled (cancel_previous)")
        }
        let version = try await self.version(plan)
        note["version"] = version
        await journal.record(note)
        if plan.attachedBuildID != plan.buildID, plan.version != .create {
            try await client.send(
                "PATCH", "v1/appStoreVersions/\(version)/relationships/build", json: ["data": ["type": "builds", "id": plan.buildID]])
            await log("build \(plan.buildNumber) attached to version \(plan.versionString)")
        }
        let localizations = try await whatsNew(plan, version: version)
        if !localizations.isEmpty {
            note["localizations"] = localizations.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            await journal.record(note)
        }
        if let phased = try await phasedRelease(plan, version: version) {
            note["phased_release"] = phased
            await journal.record(note)
        }
        try await waitWhileCanceling(plan.cancel + plan.canceling)
        let submission = try await AppStoreReviewSubmission(client: client, plan: plan, version: version).prepare { id in
            note["submission"] = id
            await journal.record(note)
        }
        guard plan.submit else {
            await log("submit: false: version \(plan.versionString) is in review submission \(submission), not submitted")
            return AppStoreReleaseOutcome(versionID: version, submissionID: submission, submitted: false)
        }
        try await AppStoreReleaseSubmit(client: client, clock: clock, log: log).submit(
            submission, version: version, named: plan.versionString)
        note["submitted"] = "true"
        await journal.record(note)
        return AppStoreReleaseOutcome(versionID: version, submissionID: submission, submitted: true)
    }

    private func version(_ plan: AppStoreReleasePlan) async throws -> String {
        var attributes: [String: Any] = [:]
        if let type = plan.releaseType {
            attributes["releaseType"] = type.apple
            if let earliest = type.earliest { attributes["earliestReleaseDate"] = earliest }
        }
        switch plan.version {
        case .create:
            attributes["platform"] = plan.platform
            attributes["versionString"] = plan.versionString
            let created = try await client.create(
                R.Version.self, "v1/appStoreVersions",
                json: [
                    "data": [
                        "type": "appStoreVersions", "attributes": attributes,
                        "relationships": [
                            "app": ["data": ["type": "apps", "id": plan.appID]], "build": ["data": ["type": "builds", "id": plan.buildID]],
                        ],
                    ]
                ])
            await log("version \(plan.versionString) (\(plan.platform)) created: \(created.id), build \(plan.buildNumber)")
            return created.id
        case .renamed(let id, let from):
            attributes["versionString"] = plan.versionString
            try await patchVersion(id, attributes)
            await log("version \(id) renamed from \(from) to \(plan.versionString)")
            return id
        case .reuse(let id):
            if !attributes.isEmpty { try await patchVersion(id, attributes) }
            await log("version \(plan.versionString) (\(plan.platform)): reusing \(id)")
            return id
        }
    }

    private func patchVersion(_ id: String, _ attributes: [String: Any]) async throws {
        try await client.send(
            "PATCH", "v1/appStoreVersions/\(id)", json: ["data": ["type": "appStoreVersions", "id": id, "attributes": attributes]])
    }

    /// What's New written per locale, read again from the version (a created one has new
    /// localizations); the locale → localization id of each written.
    private func whatsNew(_ plan: AppStoreReleasePlan, version: String) async throws -> [String: String] {
        guard !plan.whatsNew.isEmpty else { return [:] }
        let existing = try await AppStoreReleaseLocalizationCheck(client: client).localizations(of: version)
        var written: [String: String] = [:]
        for change in plan.whatsNew {
            if let localization = existing.first(where: { $0.attributes?.locale == change.locale }) {
                if localization.attributes?.whatsNew != change.text {
                    try await client.send(
                        "PATCH", "v1/appStoreVersionLocalizations/\(localization.id)",
                        json: [
                            "data": [
                                "type": "appStoreVersionLocalizations", "id": localization.id, "attributes": ["whatsNew": change.text],
                            ]
                        ])
                }
                written[change.locale] = localization.id
            } else {
                let created = try await client.create(
                    R.Localization.self, "v1/appStoreVersionLocalizations",
                    json: [
                        "data": [
                            "type": "appStoreVersionLocalizations", "attributes": ["locale": change.locale, "whatsNew": change.text],
                            "relationships": ["appStoreVersion": ["data": ["type": "appStoreVersions", "id": version]]],
                        ]
                    ])
                written[change.locale] = created.id
            }
            await log("What's New (\(change.locale)) set")
        }
        return written
    }

    /// The phased release created (its id), or deleted; read again first, so a resumed run does
    /// not create a second.
    private func phasedRelease(_ plan: AppStoreReleasePlan, version: String) async throws -> String? {
        if let id = plan.deletePhasedRelease {
            try await client.delete("v1/appStoreVersionPhasedReleases/\(id)")
            await log("phased release \(id) removed")
            return nil
        }
        guard plan.createPhasedRelease else { return nil }
        if let existing = try await client.get(R.PhasedRelease?.self, "v1/appStoreVersions/\(version)/appStoreVersionPhasedRelease") {
            return existing.id
        }
        let created = try await client.create(
            R.PhasedRelease.self, "v1/appStoreVersionPhasedReleases",
            json: [
                "data": [
                    "type": "appStoreVersionPhasedReleases", "attributes": ["phasedReleaseState": "INACTIVE"],
                    "relationships": ["appStoreVersion": ["data": ["type": "appStoreVersions", "id": version]]],
                ]
            ])
        await log("phased release \(created.id) set up (starts when the version is released)")
        return created.id
    }

    /// A platform has one submission in progress: a new one cannot be made while a cancelled
    /// one is still `CANCELING`.
    private func waitWhileCanceling(_ ids: [String]) async throws {
        for id in ids {
            var waited: Duration = .zero
            while let submission = try await client.getIfPresent(R.Submission.self, "v1/reviewSubmissions/\(id)"),
                ["CANCELING", "WAITING_FOR_REVIEW", "UNRESOLVED_ISSUES"].contains(submission.attributes?.state ?? "")
            {
                guard waited < cancelingTimeout else {
                    throw AppStoreReleaseError(
                        "review submission \(id) is still \(submission.attributes?.state ?? "?") after \(cancelingTimeout): run the step again later"
                    )
                }
                await log("waiting for review submission \(id) to finish cancelling")
                try await clock.sleep(for: cancelingPoll)
                waited += cancelingPoll
            }
        }
    }
}

/// What the step did: for the report and `appstore status`.
struct AppStoreReleaseOutcome: Sendable, Hashable {
    var versionID: String
    var submissionID: String
    var submitted: Bool
}
