import Foundation

extension FakeAppStoreRelease {
    typealias State = FakeAppStoreReleaseState

    func create(_ kind: String, _ body: [String: Any]) -> Answer {
        let data = body["data"] as? [String: Any] ?? [:]
        let attributes = data["attributes"] as? [String: Any] ?? [:]
        let relationships = data["relationships"] as? [String: Any] ?? [:]
        func related(_ name: String) -> String? { ((relationships[name] as? [String: Any])?["data"] as? [String: Any])?["id"] as? String }
        switch kind {
        case "appStoreVersions":
            guard let platform = attributes["platform"] as? String, let name = attributes["versionString"] as? String, related("app") != nil
            else { return Self.error(422, "ENTITY_ERROR.ATTRIBUTE.REQUIRED", "platform, versionString and app are required") }
            let inProgress = state.versions(of: platform).filter { Self.inProgress.contains($0.state) }
            if let other = inProgress.first {
                return Self.error(
                    409, "ENTITY_ERROR.RELATIONSHIP.INVALID",
                    "You cannot create a new version of the App in the current state (\(other.id))")
            }
            let previous = state.versions(of: platform).last
            let version = State.Version(
                id: state.nextID("ver"), platform: platform, versionString: name, state: "PREPARE_FOR_SUBMISSION",
                buildID: related("build"),
                releaseType: attributes["releaseType"] as? String ?? "AFTER_APPROVAL",
                earliest: attributes["earliestReleaseDate"] as? String)
            state.versions.append(version)
            // Apple copies the previous version's locales, texts and screenshots.
            for old in state.localizations where old.versionID == previous?.id {
                var copy = old
                copy.id = state.nextID("loc")
                copy.versionID = version.id
                copy.whatsNew = nil
                state.localizations.append(copy)
            }
            if previous == nil {
                state.localizations.append(
                    State.Localization(id: state.nextID("loc"), versionID: version.id, locale: "en-US", whatsNew: nil))
            }
            return Self.respond(201, ["data": Self.json(version)])
        case "appStoreVersionLocalizations":
            guard let version = related("appStoreVersion"), let locale = attributes["locale"] as? String else { return Self.stray }
            if state.localizations.contains(where: { $0.versionID == version && $0.locale == locale }) {
                return Self.error(409, "ENTITY_ERROR.DUPLICATE", "A localization for \(locale) already exists")
            }
            let localization = State.Localization(
                id: state.nextID("loc"), versionID: version, locale: locale, whatsNew: attributes["whatsNew"] as? String)
            state.localizations.append(localization)
            return Self.respond(201, ["data": Self.json(localization)])
        case "appStoreVersionPhasedReleases":
            guard let version = related("appStoreVersion") else { return Self.stray }
            if state.phased.contains(where: { $0.versionID == version }) {
                return Self.error(409, "ENTITY_ERROR.RELATIONSHIP.INVALID", "The version already has a phased release")
            }
            let phased = State.Phased(id: state.nextID("phased"), versionID: version)
            state.phased.append(phased)
            return Self.respond(201, ["data": Self.json(phased)])
        case "reviewSubmissions":
            guard let platform = attributes["platform"] as? String, related("app") != nil else { return Self.stray }
            if let open = state.submissions.first(where: { $0.platform == platform && State.openSubmissionStates.contains($0.state) }) {
                return Self.error(409, "ENTITY_ERROR", "There is another reviewSubmissions with id \(open.id) still in progress.")
            }
            let submission = State.Submission(id: state.nextID("sub"), platform: platform, state: "READY_FOR_REVIEW")
            state.submissions.append(submission)
            return Self.respond(201, ["data": Self.json(submission)])
        case "appStoreVersionReleaseRequests":
            guard let version = related("appStoreVersion"), let index = state.versions.firstIndex(where: { $0.id == version }) else {
                return Self.stray
            }
            guard state.versions[index].state == "PENDING_DEVELOPER_RELEASE" else {
                return Self.error(409, "STATE_ERROR", "The version is not pending developer release")
            }
            state.versions[index].state = "READY_FOR_DISTRIBUTION"
            if let phased = state.phased.firstIndex(where: { $0.versionID == version }) { state.phased[phased].state = "ACTIVE" }
            return Self.respond(201, ["data": ["type": "appStoreVersionReleaseRequests", "id": state.nextID("release")]])
        case "reviewSubmissionItems":
            guard let submission = related("reviewSubmission"), let version = related("appStoreVersion") else { return Self.stray }
            if let itemRefusal { return Answer(status: 409, body: Data(itemRefusal.utf8)) }
            let open = Set(state.submissions.filter { State.openSubmissionStates.contains($0.state) }.map(\.id))
            if let other = state.items.first(where: { $0.relatedID == version && $0.state != "REMOVED" && open.contains($0.submissionID) })
            {
                return Self.error(
                    409, "ENTITY_ERROR", "The appStoreVersion was already added to another reviewSubmission with id \(other.submissionID)")
            }
            let item = State.Item(id: state.nextID("item"), submissionID: submission, type: "appStoreVersions", relatedID: version)
            state.items.append(item)
            return Self.respond(201, ["data": Self.json(item)])
        default: return Self.stray
        }
    }

    func update(_ kind: String, _ id: String, _ body: [String: Any]) -> Answer {
        let data = body["data"] as? [String: Any] ?? [:]
        let attributes = data["attributes"] as? [String: Any] ?? [:]
        guard data["id"] as? String == id else { return Self.error(409, "ENTITY_ERROR.ID.INVALID", "The id does not match the URL") }
        switch kind {
        case "builds":
            guard let index = state.builds.firstIndex(where: { $0.id == id }) else { return Self.notFound }
            state.builds[index].encryption = attributes["usesNonExemptEncryption"] as? Bool
            return Self.respond(200, ["data": Self.json(state.builds[index])])
        case "appStoreVersions":
            guard let index = state.versions.firstIndex(where: { $0.id == id }) else { return Self.notFound }
            if let name = attributes["versionString"] as? String { state.versions[index].versionString = name }
            if let type = attributes["releaseType"] as? String { state.versions[index].releaseType = type }
            if let date = attributes["earliestReleaseDate"] as? String { state.versions[index].earliest = date }
            return Self.respond(200, ["data": Self.json(state.versions[index])])
        case "appStoreVersionLocalizations":
            guard let index = state.localizations.firstIndex(where: { $0.id == id }) else { return Self.notFound }
            state.localizations[index].whatsNew = attributes["whatsNew"] as? String
            return Self.respond(200, ["data": Self.json(state.localizations[index])])
        case "appStoreVersionPhasedReleases":
            guard let index = state.phased.firstIndex(where: { $0.id == id }), let wanted = attributes["phasedReleaseState"] as? String
            else {
                return Self.notFound
            }
            state.phased[index].state = wanted
            return Self.respond(200, ["data": Self.json(state.phased[index])])
        case "reviewSubmissions":
            guard let index = state.submissions.firstIndex(where: { $0.id == id }) else { return Self.notFound }
            let versionIDs = state.items.filter { $0.submissionID == id && $0.type == "appStoreVersions" }.map(\.relatedID)
            if attributes["canceled"] as? Bool == true {
                state.submissions[index].state = "CANCELING"
                state.submissions[index].cancelingReads = 1
                for i in state.versions.indices where versionIDs.contains(state.versions[i].id) {
                    state.versions[i].state = "DEVELOPER_REJECTED"
                }
            } else if attributes["submitted"] as? Bool == true {
                if let refusal = submitRefusal(versionIDs) { return refusal }
                state.submissions[index].state = "WAITING_FOR_REVIEW"
                for i in state.versions.indices where versionIDs.contains(state.versions[i].id) {
                    state.versions[i].state = "WAITING_FOR_REVIEW"
                }
            }
            return Self.respond(200, ["data": Self.json(state.submissions[index])])
        default: return Self.stray
        }
    }

    /// What Apple refuses on `submitted: true`: no item, a version still being processed, a
    /// build without an export-compliance answer (or `true` without a declaration), an age
    /// rating question not answered, an update without What's New.
    private func submitRefusal(_ versionIDs: [String]) -> Answer? {
        guard let versionID = versionIDs.first, let version = state.versions.first(where: { $0.id == versionID }) else {
            return Self.error(409, "STATE_ERROR", "The submission has no items")
        }
        if state.notReadySubmits > 0 {
            state.notReadySubmits -= 1
            return Self.error(409, "STATE_ERROR", "Version is not ready to be submitted yet, please try again later")
        }
        if let build = state.builds.first(where: { $0.id == version.buildID }), build.encryption == true, build.declarationID == nil {
            return Self.error(409, "ENTITY_ERROR.RELATIONSHIP.REQUIRED", "Invalid Export Compliance Code")
        }
        if state.apps.contains(where: { app in app.ageRating.contains { $0.key != "ageRatingOverride" && $0.value == nil } }) {
            return Self.error(409, "STATE_ERROR", "You must answer every question of the age rating questionnaire")
        }
        if let build = state.builds.first(where: { $0.id == version.buildID }), build.encryption == nil {
            return Self.error(
                409, "ENTITY_ERROR.ATTRIBUTE.REQUIRED", "You must provide a value for the attribute 'usesNonExemptEncryption'")
        }
        let isUpdate = state.versions(of: version.platform).count > 1
        if isUpdate, state.localizations.contains(where: { $0.versionID == versionID && ($0.whatsNew ?? "").isEmpty }) {
            return Self.error(409, "ENTITY_ERROR.ATTRIBUTE.REQUIRED", "You must provide a value for the attribute 'whatsNew'")
        }
        return nil
    }

    static let inProgress: Set = [
        "PREPARE_FOR_SUBMISSION", "DEVELOPER_REJECTED", "REJECTED", "WAITING_FOR_REVIEW", "IN_REVIEW", "PENDING_DEVELOPER_RELEASE",
    ]
}

extension FakeAppStoreRelease {
    public static func json(_ app: FakeAppStoreReleaseState.App) -> [String: Any] {
        var attributes: [String: Any] = ["bundleId": app.bundleID, "name": "Example", "someAttributeAppleAddsTomorrow": 7]
        if let rights = app.contentRights { attributes["contentRightsDeclaration"] = rights }
        return ["type": "apps", "id": app.id, "attributes": attributes]
    }

    public static func json(_ build: FakeAppStoreReleaseState.Build) -> [String: Any] {
        [
            "type": "builds", "id": build.id,
            "attributes": [
                "version": build.number, "processingState": build.processingState, "expired": build.expired,
                "usesNonExemptEncryption": build.encryption.map { $0 as Any } ?? NSNull(),
            ],
            "relationships": ["preReleaseVersion": ["links": ["related": "x"]]],
        ]
    }

    public static func json(_ version: FakeAppStoreReleaseState.Version) -> [String: Any] {
        var attributes: [String: Any] = [
            "platform": version.platform, "versionString": version.versionString, "appStoreState": Self.deprecated(version.state),
            "releaseType": version.releaseType.map { $0 as Any } ?? NSNull(), "usesIdfa": NSNull(),
        ]
        if !version.deprecatedStateOnly { attributes["appVersionState"] = version.state }
        if let earliest = version.earliest { attributes["earliestReleaseDate"] = earliest }
        // No relationships at all: Apple has stopped sending one before (cli-tools#481).
        return ["type": "appStoreVersions", "id": version.id, "attributes": attributes]
    }

    static func deprecated(_ state: String) -> String {
        ["READY_FOR_DISTRIBUTION": "READY_FOR_SALE", "PROCESSING_FOR_DISTRIBUTION": "PROCESSING_FOR_APP_STORE"][state] ?? state
    }

    public static func json(_ localization: FakeAppStoreReleaseState.Localization) -> [String: Any] {
        [
            "type": "appStoreVersionLocalizations", "id": localization.id,
            "attributes": [
                "locale": localization.locale, "whatsNew": localization.whatsNew.map { $0 as Any } ?? NSNull(), "description": "An app.",
            ],
        ]
    }

    public static func json(_ submission: FakeAppStoreReleaseState.Submission) -> [String: Any] {
        ["type": "reviewSubmissions", "id": submission.id, "attributes": ["platform": submission.platform, "state": submission.state]]
    }

    public static func json(_ item: FakeAppStoreReleaseState.Item) -> [String: Any] {
        let name = item.type == "appStoreVersions" ? "appStoreVersion" : "appEvent"
        return [
            "type": "reviewSubmissionItems", "id": item.id, "attributes": ["state": item.state],
            "relationships": [name: ["data": ["type": item.type, "id": item.relatedID]]],
        ]
    }

    public static func json(_ phased: FakeAppStoreReleaseState.Phased) -> [String: Any] {
        ["type": "appStoreVersionPhasedReleases", "id": phased.id, "attributes": ["phasedReleaseState": phased.state]]
    }
}
