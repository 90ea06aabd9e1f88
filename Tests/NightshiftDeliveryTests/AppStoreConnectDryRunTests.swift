@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import Testing

@Suite("App Store Connect dry run")
struct AppStoreConnectDryRunTests {
    static let settings = UploadSettings(parameters(["key_id": "K", "issuer_id": "I", "private_key": "P"]))

    @Test("what the .ipa says fills in the requests; an .ipa not there yet leaves placeholders; an unreadable one says why")
    func bundleInfo() {
        let read = AppStoreConnectDryRun.lines(
            file: "App.ipa", settings: Self.settings,
            bundle: .success(IPABundleInfo(shortVersion: "1.4.0", version: "812", bundleID: "works.sth.brewer")))
        #expect(
            read.contains(
                "  read CFBundleShortVersionString, CFBundleVersion and CFBundleIdentifier from App.ipa (unzip): 1.4.0 (812), works.sth.brewer"
            ))
        #expect(read.contains("  GET /v1/apps?filter[bundleId]=works.sth.brewer"))
        #expect(read.contains("  POST /v1/buildUploads (version 1.4.0, build 812)"))

        let absent = AppStoreConnectDryRun.lines(file: "App.ipa", settings: Self.settings)
        #expect(absent.contains("  GET /v1/apps?filter[bundleId]=<the .ipa's bundle id>"))
        #expect(absent.contains("  POST /v1/buildUploads (the .ipa's version and build)"))

        let broken = AppStoreConnectDryRun.lines(
            file: "App.ipa", settings: Self.settings,
            bundle: .failure(UploadError(.testflight, "'App.ipa' has no Payload/<Name>.app/Info.plist: is it an .ipa?")))
        #expect(broken[1].hasSuffix("(unzip): it cannot be read now ('App.ipa' has no Payload/<Name>.app/Info.plist: is it an .ipa?)"))
    }
}
