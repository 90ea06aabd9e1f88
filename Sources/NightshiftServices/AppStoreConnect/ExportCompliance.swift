import NightshiftCore

/// Export compliance on a processed build: `encryption:` sets `usesNonExemptEncryption` on a
/// build that has no answer (fastlane patches only a `nil` one); with no answer and no setting,
/// the build sits at "Missing Compliance" and testers cannot install it, which is said plainly.
/// An Info.plist with `ITSAppUsesNonExemptEncryption` gets its answer from Apple's processing.
///
/// `true` is only complete with an export compliance declaration linked to the build ("Builds
/// that have the usesNonExemptEncryption flag set to true … must link to an app encryption
/// declaration", Apple's "App Encryption Declarations"; without one Apple refuses the build,
/// "Invalid Export Compliance Code", osuki-dev/muqun-app#30). The app's approved declaration of
/// the platform is linked. Creating one takes legal answers and a document Apple reviews by hand:
/// the step does not invent them, it says where to make one. Here, on the client, because both
/// the TestFlight upload and the `release:` step answer it.
public struct ExportCompliance: Sendable {
    public var client: AppStoreConnectClient
    public var log: @Sendable (String) async -> Void

    public init(client: AppStoreConnectClient, log: @escaping @Sendable (String) async -> Void) {
        self.client = client
        self.log = log
    }

    /// Why a `true` answer cannot be given: the app has no approved declaration to link.
    public static func missingDeclaration(platform: String) -> String {
        "encryption: true needs an approved export compliance declaration for \(platform), and the app has none: "
            + "add one in App Store Connect (App Information → App Encryption Documentation), or set "
            + "ITSEncryptionExportComplianceCode in the Info.plist, then run the step again"
    }

    /// The upload's answer: `app` and `platform` say which declaration a `true` links.
    public func answer(build: String, app: String, platform: String, current: Bool?, setting: Bool?) async throws {
        guard current == nil else { return }
        let problem: String
        if let setting {
            let declaration = setting ? try await Self.approvedDeclaration(client, app: app, platform: platform) : nil
            if !setting || declaration != nil {
                try await set(build: build, usesNonExemptEncryption: setting, declaration: declaration)
                return
            }
            problem = "Missing Compliance: " + Self.missingDeclaration(platform: platform)
        } else {
            problem =
                "Missing Compliance: testers cannot install this build: set 'encryption: false' (or true) on the upload, "
                + "or ITSAppUsesNonExemptEncryption in the app's Info.plist"
        }
        await log(Diagnostic.warning(problem, at: nil).description)
    }

    /// Links `declaration` first (a run stopped between the two calls leaves the build still
    /// unanswered, so the next one does both again), then sets the answer.
    public func set(build: String, usesNonExemptEncryption setting: Bool, declaration: String?) async throws {
        if let declaration {
            try await client.send(
                "PATCH", "v1/builds/\(build)/relationships/appEncryptionDeclaration",
                json: ["data": ["type": "appEncryptionDeclarations", "id": declaration]])
            await log("export compliance declaration \(declaration) linked to build \(build)")
        }
        try await client.send(
            "PATCH", "v1/builds/\(build)",
            json: ["data": ["type": "builds", "id": build, "attributes": ["usesNonExemptEncryption": setting]]])
        await log("export compliance answered on build \(build): usesNonExemptEncryption = \(setting)")
    }

    /// The id of the app's APPROVED declaration for `platform` (Apple writes it `ios` or `IOS`;
    /// one naming no platform counts for every one); nil when there is none.
    public static func approvedDeclaration(_ client: AppStoreConnectClient, app: String, platform: String) async throws -> String? {
        let declarations = try await client.list(Declaration.self, "v1/appEncryptionDeclarations", query: [("filter[app]", app)])
        return declarations.first { declaration in
            declaration.attributes?.appEncryptionDeclarationState == "APPROVED"
                && (declaration.attributes?.platform.map { $0.uppercased() == platform.uppercased() } ?? true)
        }?.id
    }

    typealias Declaration = JSONAPI.Resource<DeclarationAttributes>

    struct DeclarationAttributes: Decodable, Sendable {
        var platform: String?
        var appEncryptionDeclarationState: String?
    }
}
