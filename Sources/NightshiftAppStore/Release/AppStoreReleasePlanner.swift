import NightshiftCore
import NightshiftEngine
import NightshiftServices
import NightshiftSystem

/// Reads what the `release:` step needs from App Store Connect, with GET requests only, and
/// returns the plan with every problem Apple would refuse (`AppStoreReleasePlan.problems`) found
/// in one pass. The version is always looked up with `filter[platform]` (an unfiltered lookup
/// took an editable tvOS draft for the iOS version: sceneview#2731).
struct AppStoreReleasePlanner: Sendable {
    typealias R = AppStoreReleaseResources

    var client: AppStoreConnectClient
    var clock: any WallClock
    /// Wait for a build still processing (false in a dry run, which only says so).
    var waitsForProcessing = true
    var poll: Duration = .seconds(30)
    var processingTimeout: Duration = .seconds(60 * 60)
    var log: @Sendable (String) async -> Void = { _ in }

    func plan(_ request: AppStoreReleaseRequest) async throws -> AppStoreReleasePlan {
        let app = try await app(request.bundleID)
        var problems: [String] = []
        let build = try await build(request, app: app.id, problems: &problems)
        let versionString = try await versionString(request, build: build)
        let versions = try await client.list(
            R.Version.self, "v1/apps/\(app.id)/appStoreVersions", query: [("filter[platform]", request.platform)]
        ).filter { ($0.attributes?.platform ?? request.platform) == request.platform }
        var plan = AppStoreReleasePlan(
            appID: app.id, platform: request.platform, buildID: build.id, buildNumber: build.attributes?.version ?? build.id,
            versionString: versionString, version: .create, isFirstVersion: true, attachedBuildID: nil, submit: request.submit)
        plan.problems = problems
        try await chooseVersion(versions, request, into: &plan)
        if plan.alreadySubmitted != nil { return plan }
        try await checkCompliance(build, request, into: &plan)
        if app.attributes?.contentRightsDeclaration == nil {
            plan.problems.append(
                "content rights are not declared: answer 'Content Rights' once in App Store Connect (App Information) before submitting")
        }
        if let unanswered = try await AppStoreAgeRatingCheck(client: client).unanswered(app: app.id), !unanswered.isEmpty {
            plan.problems.append(
                "the age rating questionnaire is not complete (\(unanswered.joined(separator: ", ")) not answered): "
                    + "answer it in App Store Connect (App Information → Age Rating) before submitting")
        }
        try await AppStoreReleaseLocalizationCheck(client: client).check(versions, request, into: &plan)
        try await chooseSubmission(request, into: &plan)
        try await choosePhasedRelease(request, into: &plan)
        return plan
    }

    /// The app of exactly this bundle id: `filter[bundleId]` also returns longer ones.
    private func app(_ bundleID: String) async throws -> R.App {
        let apps = try await client.list(
            R.App.self, "v1/apps", query: [("filter[bundleId]", bundleID), ("fields[apps]", "bundleId,contentRightsDeclaration")])
        guard let app = apps.first(where: { $0.attributes?.bundleId == bundleID }) else {
            throw AppStoreReleaseError("App Store Connect has no app with bundle id '\(bundleID)' that this API key can see")
        }
        return app
    }

    private func build(_ request: AppStoreReleaseRequest, app: String, problems: inout [String]) async throws -> R.Build {
        var build = try await findBuild(request, app: app)
        var waited: Duration = .zero
        while build.attributes?.processingState == "PROCESSING", waitsForProcessing, waited < processingTimeout {
            await log("build \(build.attributes?.version ?? build.id) is still processing; checking again in \(poll)")
            try await clock.sleep(for: poll)
            waited += poll
            build = try await client.get(R.Build.self, "v1/builds/\(build.id)")
        }
        let number = build.attributes?.version ?? build.id
        switch build.attributes?.processingState ?? "" {
        case "VALID": break
        case "PROCESSING":
            problems.append("build \(number) is still processing on App Store Connect; run the step again once it is VALID")
        case "":
            problems.append("build \(number) has no processing state on App Store Connect, not VALID: upload a new build")
        case let state:
            problems.append("build \(number) is \(state) on App Store Connect, not VALID: upload a new build")
        }
        if build.attributes?.expired == true { problems.append("build \(number) has expired: upload a new build") }
        return build
    }

    private func findBuild(_ request: AppStoreReleaseRequest, app: String) async throws -> R.Build {
        var query = [("filter[app]", app), ("filter[preReleaseVersion.platform]", request.platform)]
        if let version = request.version { query.append(("filter[preReleaseVersion.version]", version)) }
        switch request.build {
        case .id(let id):
            guard let build = try await client.getIfPresent(R.Build.self, "v1/builds/\(id)") else {
                throw AppStoreReleaseError("App Store Connect has no build \(id) (the one this run uploaded)")
            }
            return build
        case .number(let number):
            let builds = try await client.list(R.Build.self, "v1/builds", query: query + [("filter[version]", number)])
                .filter { $0.attributes?.version == number }
            guard let build = builds.first else {
                throw AppStoreReleaseError(
                    "App Store Connect has no \(request.platform) build \(number)\(request.version.map { " of version \($0)" } ?? "")")
            }
            if builds.count > 1 {
                throw AppStoreReleaseError(
                    "App Store Connect has \(builds.count) \(request.platform) builds numbered \(number) (of different versions): set 'version:'"
                )
            }
            return build
        case .latest:
            let builds = try await client.list(
                R.Build.self, "v1/builds", query: query + [("filter[processingState]", "VALID"), ("filter[expired]", "false")]
            ).filter { $0.attributes?.processingState == "VALID" && $0.attributes?.expired != true }
            guard let build = builds.max(by: { Self.number($0) < Self.number($1) }) else {
                throw AppStoreReleaseError(
                    "App Store Connect has no VALID, unexpired \(request.platform) build\(request.version.map { " of version \($0)" } ?? "")"
                )
            }
            return build
        }
    }

    /// Build numbers compare as numbers (`10` after `9`); one that is not reads lowest.
    private static func number(_ build: R.Build) -> BuildNumber {
        build.attributes?.version.flatMap(BuildNumber.init) ?? .first
    }

    private func versionString(_ request: AppStoreReleaseRequest, build: R.Build) async throws -> String {
        if let version = request.version { return version }
        let prerelease = try await client.get(R.PreReleaseVersion?.self, "v1/builds/\(build.id)/preReleaseVersion")
        guard let version = prerelease?.attributes?.version, !version.isEmpty else {
            throw AppStoreReleaseError("App Store Connect does not say which version build \(build.id) belongs to: set 'version:'")
        }
        return version
    }

    /// The build's export compliance answer when it has none: `encryption: false`, or `true`
    /// with the app's approved declaration to link; a `true` without one, or no answer at all,
    /// is a problem that says what to do.
    private func checkCompliance(_ build: R.Build, _ request: AppStoreReleaseRequest, into plan: inout AppStoreReleasePlan) async throws {
        guard build.attributes?.usesNonExemptEncryption == nil else { return }
        switch request.encryption {
        case false?:
            plan.encryption = false
        case true?:
            plan.encryption = true
            plan.encryptionDeclaration = try await ExportCompliance.approvedDeclaration(client, app: plan.appID, platform: plan.platform)
            if plan.encryptionDeclaration == nil {
                plan.problems.append("Missing Compliance: " + ExportCompliance.missingDeclaration(platform: plan.platform))
            }
        case nil:
            plan.problems.append(
                "Missing Compliance: testers cannot install this build, and App Review refuses it: set 'encryption: false' (or true) on the step, or ITSAppUsesNonExemptEncryption in the Info.plist"
            )
        }
    }
}
