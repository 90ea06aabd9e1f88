import Foundation
@testable import NightshiftApple
import NightshiftCore
import Testing

/// Which profile signs each bundle of a scheme, and every reason none can, in one pass.
@Suite("Per-bundle profile choice")
struct BundleProfileMatcherTests {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    static let team = "ABCDE12345"
    static let identity = SigningCertificate(
        sha1: "AA11", commonName: "Apple Distribution: Example Corp (ABCDE12345)", expiresAt: now + 86_400 * 300)

    static func profile(
        _ name: String, appID: String, uuid: String = "0000-\(UInt32.random(in: 1...UInt32.max))", devices: Int = 0,
        expires: Date = now + 86_400 * 100, entitlements: [String: EntitlementValue] = [:], platforms: [String] = ["iOS"],
        certificates: [SigningCertificate] = [identity]
    ) -> ProfileCatalog.Entry {
        var profile = ProvisioningProfile(
            uuid: uuid.replacingOccurrences(of: " ", with: ""), name: name, teamIdentifier: team, applicationIdentifier: "\(team).\(appID)",
            applicationIdentifierPrefix: team, expirationDate: expires, provisionedDeviceCount: devices, provisionsAllDevices: false,
            certificates: certificates)
        profile.entitlements = entitlements
        profile.platforms = platforms
        return ProfileCatalog.Entry(path: "/signing/\(name).mobileprovision", stem: name, profile: profile)
    }

    static func bundle(_ identifier: String, _ target: String, platform: String = "iphoneos") -> SignedBundles.Bundle {
        SignedBundles.Bundle(identifier: identifier, platform: platform, target: target)
    }

    func matcher(_ entries: [ProfileCatalog.Entry], method: String = "app-store", named: [String: String] = [:]) -> BundleProfileMatcher {
        BundleProfileMatcher(
            configuration: "production", catalog: ProfileCatalog(folder: "/signing", entries: entries), appProfile: "App",
            named: named, exportMethod: method, team: Self.team, identities: [Self.identity], fallbackIdentity: "Apple Distribution",
            now: Self.now)
    }

    static let groups: [String: EntitlementValue] = ["com.apple.security.application-groups": .strings(["group.works.sth.brewer"])]

    @Test("the app takes provisioning_profile's; an extension takes the explicit id before any wildcard, the longest wildcard next")
    func explicitBeforeWildcard() throws {
        let catalog = [
            Self.profile("App", appID: "works.sth.brewer"),
            Self.profile("Team wildcard", appID: "*", uuid: "0001"),
            Self.profile("Brewer wildcard", appID: "works.sth.*", uuid: "0002"),
            Self.profile("Widget", appID: "works.sth.brewer.widget", uuid: "0003"),
        ]
        let bundles = [
            Self.bundle("works.sth.brewer", "Brewer"), Self.bundle("works.sth.brewer.widget", "Widget"),
            Self.bundle("works.sth.brewer.intents", "Intents"),
        ]
        let plan = try matcher(catalog).plan(bundles, entitlements: [:])
        #expect(plan.entries.map { $0.profile?.name } == ["App", "Widget", "Brewer wildcard"])
        #expect(plan.entries.map(\.source) == ["provisioning_profile", "matched by bundle id", "matched by bundle id"])
        #expect(plan.profileUUIDs["works.sth.brewer.intents"] == "0002")
    }

    @Test("profiles: names a bundle's profile by file, by Name or by UUID")
    func namedProfiles() throws {
        let catalog = [
            Self.profile("App", appID: "works.sth.brewer"), Self.profile("Widget B", appID: "works.sth.brewer.widget", uuid: "0B"),
        ]
        for value in ["Widget B", "0B"] {
            let plan = try matcher(catalog, named: ["works.sth.brewer.widget": value]).plan(
                [Self.bundle("works.sth.brewer", "Brewer"), Self.bundle("works.sth.brewer.widget", "Widget")], entitlements: [:])
            #expect(plan.entries[1].profile?.uuid == "0B")
            #expect(plan.entries[1].source == "profiles.works.sth.brewer.widget")
        }
    }

    @Test("every bundle's problem in one pass: none for its id, only expired, another kind, a missing capability")
    func allProblemsAtOnce() {
        let catalog = [
            Self.profile("App", appID: "works.sth.brewer", entitlements: Self.groups),
            Self.profile("Old clip", appID: "works.sth.brewer.Clip", uuid: "01", expires: Self.now - 86_400),
            Self.profile("AdHoc watch", appID: "works.sth.brewer.watchkitapp", uuid: "02", devices: 3),
            Self.profile("Plain widget", appID: "works.sth.brewer.widget", uuid: "03"),
        ]
        let bundles = [
            Self.bundle("works.sth.brewer", "Brewer"), Self.bundle("works.sth.brewer.widget", "Widget"),
            Self.bundle("works.sth.brewer.Clip", "Clip"), Self.bundle("works.sth.brewer.watchkitapp", "Watch", platform: "watchos"),
            Self.bundle("works.sth.brewer.notificationservice", "Notifications"),
        ]
        let requested = [
            "works.sth.brewer.widget": Result<RequestedEntitlements, BundleSigningProblem>.success(
                RequestedEntitlements(values: Self.groups))
        ]
        #expect {
            try matcher(catalog).plan(bundles, entitlements: requested)
        } throws: { error in
            let problems = (error as? BundleSigningProblems)?.problems ?? []
            let text = String(describing: error)
            return problems.map(\.bundle) == [
                "works.sth.brewer.widget", "works.sth.brewer.Clip", "works.sth.brewer.watchkitapp", "works.sth.brewer.notificationservice",
            ]
                && text.contains("bundle 'works.sth.brewer.widget' (target 'Widget'): its best profile 'Plain widget'")
                && text.contains("App Groups (com.apple.security.application-groups)")
                && text.contains("'Old clip' (/signing/Old clip.mobileprovision) expired on")
                && text.contains("is an Ad Hoc profile, and export_method app-store needs App Store")
                && text.contains(
                    "bundle 'works.sth.brewer.notificationservice' (target 'Notifications'): no profile in /signing is for this bundle id")
                && text.contains("configurations.production.profiles")
                && text.hasPrefix("configuration 'production': 4 signed bundles cannot be signed")
        }
    }

    @Test("a profile for another certificate, another team or another platform is passed over, with the reason")
    func certificateTeamPlatform() {
        let other = SigningCertificate(sha1: "BB22", commonName: "Apple Distribution: Someone (ZZZ)", expiresAt: Self.now + 86_400)
        let catalog = [
            Self.profile("App", appID: "works.sth.brewer"),
            Self.profile("Widget other cert", appID: "works.sth.brewer.widget", uuid: "01", certificates: [other]),
            Self.profile("Widget mac", appID: "works.sth.brewer.widget", uuid: "02", platforms: ["OSX"]),
        ]
        #expect {
            try matcher(catalog).plan(
                [Self.bundle("works.sth.brewer", "Brewer"), Self.bundle("works.sth.brewer.widget", "Widget")], entitlements: [:])
        } throws: { error in
            let text = String(describing: error)
            return text.contains("does not list the certificate's identity") && text.contains("is for OSX, not iphoneos")
        }
    }

    @Test("two bundle ids Xcode's macros spell alike cannot be signed apart: refused, not guessed")
    func macroCollision() {
        let catalog = [Self.profile("App", appID: "*")]
        #expect(throws: BundleSigningProblems.self) {
            try matcher(catalog).plan([Self.bundle("works.sth.a-b", "A"), Self.bundle("works.sth.a.b", "B")], entitlements: [:])
        }
    }

    @Test("a Developer ID Mac bundle whose entitlements need no profile gets none; one asking for iCloud needs one")
    func developerIDWithoutProfile() throws {
        let mac = [
            Self.bundle("works.sth.brewer.mac", "Brewer", platform: "macosx"),
            Self.bundle("works.sth.brewer.mac.share", "Share", platform: "macosx"),
        ]
        let plan = try matcher([], method: "developer-id").plan(
            mac,
            entitlements: ["works.sth.brewer.mac": .success(RequestedEntitlements(values: ["com.apple.security.app-sandbox": .bool(true)]))]
        )
        #expect(plan.entries.allSatisfy { $0.profile == nil })
        #expect(SigningXCConfig.render(plan, header: "h").contains("NIGHTSHIFT_PROFILE_works") == false)
        let icloud = RequestedEntitlements(values: ["com.apple.developer.icloud-services": .strings(["CloudKit"])])
        #expect(throws: BundleSigningProblems.self) {
            try matcher([], method: "developer-id").plan(mac, entitlements: ["works.sth.brewer.mac.share": .success(icloud)])
        }
    }

    @Test("an extension whose version or build number is not the app's is warned of before the build, unless archive: sets them")
    func versionMismatch() {
        var app = Self.bundle("works.sth.brewer", "Brewer")
        app.settings = ["MARKETING_VERSION": "2.0", "CURRENT_PROJECT_VERSION": "41"]
        var widget = Self.bundle("works.sth.brewer.widget", "Widget")
        widget.settings = ["MARKETING_VERSION": "2.0", "CURRENT_PROJECT_VERSION": "40"]
        let warnings = BundleSigningPlanner.versionMismatches([app, widget], overridden: [])
        #expect(
            warnings == [
                "warning: bundle 'works.sth.brewer.widget' (target 'Widget') has CURRENT_PROJECT_VERSION 40, the app 41: App Store Connect refuses a bundle whose version is not its app's"
            ])
        #expect(BundleSigningPlanner.versionMismatches([app, widget], overridden: ["CURRENT_PROJECT_VERSION"]).isEmpty)
    }

    @Test("a crafted profile whose UUID is a path is never chosen")
    func craftedUUID() {
        let catalog = [Self.profile("App", appID: "works.sth.brewer", uuid: "../../x")]
        #expect(throws: BundleSigningProblems.self) {
            try matcher(catalog).plan([Self.bundle("works.sth.brewer", "Brewer")], entitlements: [:])
        }
    }
}

@Suite("Entitlements a profile must grant")
struct RequestedEntitlementsTests {
    @Test("variables are expanded as Xcode does when signing; profile wildcards grant what they cover")
    func expansionAndWildcards() throws {
        let file = Data(
            """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>keychain-access-groups</key><array><string>$(AppIdentifierPrefix)works.sth.brewer.shared</string></array>
            <key>com.apple.security.application-groups</key><array><string>$(APP_GROUP)</string></array>
            <key>aps-environment</key><string>development</string>
            <key>com.apple.security.app-sandbox</key><true/>
            </dict></plist>
            """.utf8)
        let requested = try RequestedEntitlements(propertyList: file, settings: ["APP_GROUP": "group.works.sth.brewer"], team: "TEAM1")
        #expect(requested.values["keychain-access-groups"] == .strings(["TEAM1.works.sth.brewer.shared"]))
        var profile = BundleProfileMatcherTests.profile("p", appID: "works.sth.brewer").profile
        profile.entitlements = [
            "keychain-access-groups": .strings(["TEAM1.*"]), "com.apple.security.application-groups": .strings(["group.works.sth.other"]),
            "aps-environment": .string("production"),
        ]
        #expect(
            requested.notGranted(by: profile, onMac: false, team: "TEAM1") == [
                "App Groups (com.apple.security.application-groups) for 'group.works.sth.brewer'"
            ])
        // A sandbox key is a Mac's own: no profile needed for it.
        #expect(
            requested.restricted(onMac: true, team: "TEAM1").keys.sorted() == [
                "aps-environment", "com.apple.security.application-groups", "keychain-access-groups",
            ])
    }

    @Test(
        "glob patterns match as Apple's wildcards do, without backtracking blow-ups",
        arguments: [
            ("TEAM.*", "TEAM.a.b", true), ("*", "", true), ("a*b*c", "aXbYc", true), ("a*b*c", "acb", false), ("exact", "exact", true),
            ("exact", "exacts", false), ("*.brewer", "group.works.sth.brewer", true), ("a*a", "a", false),
        ])
    func glob(_ pattern: String, _ value: String, _ matches: Bool) {
        #expect(GlobPattern.matches(pattern, value) == matches)
    }

    @Test("bundle ids become Xcode's :c99extidentifier spelling")
    func macroNames() {
        #expect(BuildSettingMacro.c99ExtendedIdentifier("works.sth.brewer-app.Clip") == "works_sth_brewer_app_Clip")
        #expect(BuildSettingMacro.c99ExtendedIdentifier("9lives.app") == "_lives_app")
    }
}
