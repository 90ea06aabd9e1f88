import Foundation
@testable import NightshiftApple
import NightshiftSystem
import Testing
@testable import NightshiftServices

@Suite("Signing from App Store Connect: API key, endpoint and profile kinds")
struct AppStoreConnectSigningSettingsTests {
    @Test(
        "endpoint: wins over APP_STORE_CONNECT_ENDPOINT, which wins over Apple's (AppStoreConnectEndpoint's one rule); a non-http value is an error"
    )
    func endpoint() throws {
        let configured = URL(string: "https://proxy.example.com/asc")!
        #expect(try AppStoreConnectSigning.endpoint(in: EnvironmentVariables([:])) == AppStoreConnectSigning.defaultEndpoint)
        #expect(try AppStoreConnectSigning.endpoint(in: EnvironmentVariables([:]), configured: configured) == configured)
        let overridden = EnvironmentVariables(["APP_STORE_CONNECT_ENDPOINT": "http://127.0.0.1:8080"])
        #expect(try AppStoreConnectSigning.endpoint(in: overridden, configured: configured) == configured)
        #expect(try AppStoreConnectSigning.endpoint(in: overridden).absoluteString == "http://127.0.0.1:8080")
        #expect(throws: SigningPortalError.self) {
            try AppStoreConnectSigning.endpoint(in: EnvironmentVariables(["APP_STORE_CONNECT_ENDPOINT": "file:///etc/passwd"]))
        }
    }

    @Test("the API key comes from the variables uploads read; what is missing is named")
    func credentials() throws {
        let full = EnvironmentVariables([
            "APP_STORE_CONNECT_API_KEY_KEY_ID": "K", "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "",
            "APP_STORE_CONNECT_API_KEY_KEY_FILEPATH": "/k.p8",
        ])
        #expect(try AppStoreConnectSigning.Credentials.from(full) == .init(keyID: "K", issuerID: nil, privateKey: "/k.p8"))
        #expect {
            try AppStoreConnectSigning.Credentials.from(EnvironmentVariables([:]))
        } throws: { error in
            "\(error)".contains("APP_STORE_CONNECT_API_KEY_KEY_ID and APP_STORE_CONNECT_API_KEY_KEY")
        }
    }

    @Test("export methods map to Apple's profile types and the certificates that sign them")
    func kinds() {
        #expect(ProfileKind.kind(exportMethod: "app-store-connect", platform: "iphoneos")?.profileType == "IOS_APP_STORE")
        #expect(ProfileKind.kind(exportMethod: "release-testing", platform: "watchos")?.profileType == "IOS_APP_ADHOC")
        #expect(ProfileKind.kind(exportMethod: "ad-hoc", platform: "iphoneos")?.needsDevices == true)
        #expect(ProfileKind.kind(exportMethod: "debugging", platform: "appletvos")?.profileType == "TVOS_APP_DEVELOPMENT")
        #expect(ProfileKind.kind(exportMethod: "development", platform: "macosx")?.devicePlatform == "MAC_OS")
        #expect(ProfileKind.kind(exportMethod: "enterprise", platform: "iphoneos")?.profileType == "IOS_APP_INHOUSE")
        let developerID = ProfileKind.kind(exportMethod: "developer-id", platform: "macosx")
        #expect(developerID?.profileType == "MAC_APP_DIRECT" && developerID?.apiCreatesCertificate == false)
        #expect(ProfileKind.kind(exportMethod: "developer-id", platform: "iphoneos") == nil)
        #expect(ProfileKind.kind(exportMethod: "validation", platform: "iphoneos") == nil)
    }
}
