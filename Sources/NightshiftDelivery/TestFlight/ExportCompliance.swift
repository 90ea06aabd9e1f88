import NightshiftServices

/// Export compliance on a processed build: `encryption:` sets `usesNonExemptEncryption` on a
/// build that has no answer (fastlane patches only a `nil` one); with no answer and no setting,
/// the build sits at "Missing Compliance" and testers cannot install it, which is said plainly.
/// An Info.plist with `ITSAppUsesNonExemptEncryption` gets its answer from Apple's processing.
struct ExportCompliance {
    var client: AppStoreConnectClient
    var log: @Sendable (String) async -> Void

    func answer(build: String, current: Bool?, setting: Bool?) async throws {
        guard current == nil else { return }
        guard let setting else {
            await log(
                "warning: Missing Compliance: testers cannot install this build: set 'encryption: false' (or true) on the upload, "
                    + "or ITSAppUsesNonExemptEncryption in the app's Info.plist")
            return
        }
        try await client.send(
            "PATCH", "v1/builds/\(build)",
            json: ["data": ["type": "builds", "id": build, "attributes": ["usesNonExemptEncryption": setting]]])
        await log("export compliance answered on build \(build): usesNonExemptEncryption = \(setting)")
    }
}
