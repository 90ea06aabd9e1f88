import NightshiftCore

/// What `upload: { to: testflight }` leaves in the run journal for the steps after it: the app
/// and the build it made (its id once Apple has made one, else its number and version, with
/// `wait: false`). A `release:` step of the same run takes exactly this build, not the newest
/// one nor the archive's number read again. Written as soon as the build upload is committed,
/// and again with the build's id, so a run killed during Apple's processing still knows it.
/// In the Engine because one capability (Delivery) writes it and another (AppStore) reads it.
public struct UploadedBuildNote: Sendable, Hashable {
    public var bundleID: String
    public var appID: String
    /// `cfBundleVersion`, the build number.
    public var number: String
    /// `cfBundleShortVersionString`, the marketing version.
    public var version: String
    public var platform: String
    public var buildID: String?

    public static let destination = "testflight"

    public var values: [String: String] {
        var values = [
            "destination": Self.destination, "bundle_id": bundleID, "app_id": appID, "build_number": number, "version": version,
            "platform": platform,
        ]
        if let buildID { values["build_id"] = buildID }
        return values
    }

    public init(bundleID: String, appID: String, number: String, version: String, platform: String, buildID: String? = nil) {
        self.bundleID = bundleID
        self.appID = appID
        self.number = number
        self.version = version
        self.platform = platform
        self.buildID = buildID
    }

    /// A TestFlight upload's note; nil for another destination's or one missing its build number.
    public init?(_ values: [String: String]) {
        guard values["destination"] == Self.destination, let number = values["build_number"], !number.isEmpty else { return nil }
        self.init(
            bundleID: values["bundle_id"] ?? "", appID: values["app_id"] ?? "", number: number, version: values["version"] ?? "",
            platform: values["platform"] ?? "", buildID: values["build_id"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The newest TestFlight upload of `bundleID` on `platform` a step before this one left.
    public static func latest(in notes: StepJournalNotes, bundleID: String, platform: String) -> UploadedBuildNote? {
        notes.earlierSteps.reversed().lazy.filter { $0.kind == StepKeyword.upload.rawValue }.compactMap { UploadedBuildNote($0.values) }
            .first { $0.bundleID == bundleID && ($0.platform.isEmpty || $0.platform == platform) }
    }
}
