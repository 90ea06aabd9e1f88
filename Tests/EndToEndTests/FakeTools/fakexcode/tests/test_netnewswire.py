"""The real NetNewsWire project (../shared/reference/xcodeprojects/netnewswire, copied unchanged):
settings, listing, and signing the way issue #36 needs."""

import json
import os
import plistlib
import unittest

from support import NETNEWSWIRE, Home, groups_xml, read_plist, run, write_xcconfig

TEAM = "M8L2WTLA8W"
IOS = {"NetNewsWire-iOS": "com.ranchero.NetNewsWire.iOS",
       "NetNewsWire iOS Share Extension": "com.ranchero.NetNewsWire.iOS.Share-Extension",
       "NetNewsWire iOS Widget Extension": "com.ranchero.NetNewsWire.iOS.SpringboardWidgets"}
MAC = {"NetNewsWire": "com.ranchero.NetNewsWire-Evergreen",
       "Subscribe to Feed": "com.ranchero.NetNewsWire-Evergreen.SubscribeToFeed",
       "NetNewsWire Share Extension": "com.ranchero.NetNewsWire-Evergreen.Mac.ShareExtension"}


def debug_id(bundle_id, app):
    return bundle_id.replace(app, app + "-DEBUG", 1)


@unittest.skipUnless(os.path.isdir(NETNEWSWIRE), "needs the NetNewsWire reference project at " + NETNEWSWIRE)
class NetNewsWireSettingsTests(unittest.TestCase):
    def settings(self, scheme, configuration, destination):
        r = run(["-showBuildSettings", "-json", "-project", "NetNewsWire.xcodeproj", "-scheme", scheme, "-configuration",
                 configuration, "-destination", destination], cwd=NETNEWSWIRE)
        self.assertEqual(r.returncode, 0, r.stderr)
        return json.loads(r.stdout)

    def test_ios_release_and_debug(self):
        for configuration in ("Release", "Debug"):
            listed = self.settings("NetNewsWire-iOS", configuration, "generic/platform=iOS")
            by = {t["target"]: t["buildSettings"] for t in listed}
            signed = [t["target"] for t in listed if t["buildSettings"]["PRODUCT_TYPE"] != "com.apple.product-type.objfile"]
            self.assertEqual(signed, ["NetNewsWire iOS Share Extension", "NetNewsWire iOS Widget Extension", "NetNewsWire-iOS"])
            for target, bundle_id in IOS.items():
                want = bundle_id if configuration == "Release" else debug_id(bundle_id, "NetNewsWire.iOS")
                self.assertEqual(by[target]["PRODUCT_BUNDLE_IDENTIFIER"], want)
                self.assertEqual(by[target]["PLATFORM_NAME"], "iphoneos")
                self.assertEqual(by[target]["CODE_SIGN_STYLE"], "Automatic")
                self.assertEqual(by[target]["DEVELOPMENT_TEAM"], TEAM)
                self.assertEqual(by[target]["CODE_SIGN_IDENTITY"], "iPhone Developer")
            self.assertEqual(by["NetNewsWire-iOS"]["FULL_PRODUCT_NAME"], "NetNewsWire.app")
            self.assertEqual(by["NetNewsWire iOS Widget Extension"]["PRODUCT_TYPE"], "com.apple.product-type.app-extension")
            # Swift package products are targets of the graph, before the targets that link them.
            names = [t["target"] for t in listed]
            self.assertLess(names.index("Account"), names.index("NetNewsWire iOS Share Extension"))
            self.assertEqual(by["Account"]["PRODUCT_TYPE"], "com.apple.product-type.objfile")
            self.assertEqual(by["Account"]["PRODUCT_BUNDLE_IDENTIFIER"], "")
            self.assertIn("Zip", names)

    def test_macos(self):
        for configuration in ("Release", "Debug"):
            by = {t["target"]: t["buildSettings"] for t in self.settings("NetNewsWire", configuration, "generic/platform=macOS")}
            for target, bundle_id in MAC.items():
                want = bundle_id if configuration == "Release" else debug_id(bundle_id, "NetNewsWire-Evergreen")
                self.assertEqual(by[target]["PRODUCT_BUNDLE_IDENTIFIER"], want)
                self.assertEqual(by[target]["PLATFORM_NAME"], "macosx")
                self.assertEqual(by[target]["CODE_SIGN_IDENTITY"], "Mac Developer")
            self.assertIn("Sparkle", by)

    def test_list(self):
        r = run(["-list", "-json", "-project", "NetNewsWire.xcodeproj"], cwd=NETNEWSWIRE)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(json.loads(r.stdout), {"project": {
            "configurations": ["Debug", "Release"], "name": "NetNewsWire",
            "schemes": ["NetNewsWire", "NetNewsWire iOS Share Extension", "NetNewsWire-iOS"],
            "targets": ["NetNewsWire", "NetNewsWireTests", "NetNewsWire-iOS", "Subscribe to Feed", "NetNewsWire iOS Share Extension",
                        "NetNewsWire iOS Widget Extension", "NetNewsWire-iOSTests", "NetNewsWire Share Extension"]}})
        self.assertIn('"name" : "NetNewsWire"', r.stdout)
        # the project's own workspace (self:) lists the same schemes
        r = run(["-list", "-json", "-workspace", "NetNewsWire.xcodeproj/project.xcworkspace"], cwd=NETNEWSWIRE)
        self.assertEqual(json.loads(r.stdout)["workspace"]["schemes"], ["NetNewsWire", "NetNewsWire iOS Share Extension", "NetNewsWire-iOS"])


@unittest.skipUnless(os.path.isdir(NETNEWSWIRE), "needs the NetNewsWire reference project at " + NETNEWSWIRE)
class NetNewsWireSigningTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.home = h = Home()
        keychain = "<key>keychain-access-groups</key><array><string>%s.*</string></array>" % TEAM
        icloud = ("<key>aps-environment</key><string>production</string>"
                  "<key>com.apple.developer.icloud-container-environment</key><array><string>Development</string><string>Production</string></array>"
                  "<key>com.apple.developer.icloud-container-identifiers</key><array><string>iCloud.com.ranchero.NetNewsWire</string></array>"
                  "<key>com.apple.developer.icloud-services</key><array><string>CloudKit</string></array>"
                  "<key>com.apple.developer.ubiquity-kvstore-identifier</key><string>%s.*</string>" % TEAM)
        ios_group = groups_xml("group.com.ranchero.NetNewsWire.iOS")
        cls.ios = {}
        for target, bundle_id in IOS.items():
            extra = ios_group + keychain + (icloud if target == "NetNewsWire-iOS" else "")
            cls.ios[bundle_id] = ("NNW %s" % target, h.profile("NNW %s" % target, TEAM + "." + bundle_id, TEAM_ID=TEAM,
                                                                PROFILE_KIND="app-store", ENTITLEMENTS_XML=extra))
        mac_group = groups_xml("group.com.ranchero.NetNewsWire-Evergreen")
        mac_icloud = icloud.replace("<key>aps-environment</key>", "<key>com.apple.developer.aps-environment</key>")
        cls.mac = {}
        for target, bundle_id in MAC.items():
            extra = mac_group + (mac_icloud if target == "NetNewsWire" else "")
            cls.mac[bundle_id] = ("NNW Mac %s" % target, h.profile("NNW Mac %s" % target, TEAM + "." + bundle_id, TEAM_ID=TEAM,
                                                                    PROFILE_KIND="developer-id", ENTITLEMENTS_XML=extra))

    @classmethod
    def tearDownClass(cls):
        cls.home.cleanup()

    def archive(self, scheme, destination, name, *extra):
        path = os.path.join(self.home.root, name + ".xcarchive")
        r = run(["archive", "-project", "NetNewsWire.xcodeproj", "-scheme", scheme, "-configuration", "Release", "-destination",
                 destination, "-archivePath", path, "-derivedDataPath", os.path.join(self.home.root, "dd")] + list(extra),
                cwd=NETNEWSWIRE, home=self.home)
        return path, r

    def test_global_command_line_fails_on_package_targets_and_extensions(self):
        _, r = self.archive("NetNewsWire-iOS", "generic/platform=iOS", "global", "CODE_SIGN_STYLE=Manual", "DEVELOPMENT_TEAM=" + TEAM,
                            "PROVISIONING_PROFILE_SPECIFIER=NNW NetNewsWire-iOS",
                            "CODE_SIGN_IDENTITY=Apple Distribution: Example Corp (ABCDE12345)")
        self.assertEqual(r.returncode, 65)
        self.assertIn("error: Account does not support provisioning profiles, but provisioning profile NNW NetNewsWire-iOS has been "
                      'manually specified. Set the provisioning profile value to "Automatic" in the build settings editor. '
                      "(in target 'Account' from project 'Account')", r.stdout)
        self.assertIn("(in target 'Zip' from project 'Zip')", r.stdout)
        self.assertIn('error: Provisioning profile "NNW NetNewsWire-iOS" has app ID "com.ranchero.NetNewsWire.iOS", which does not '
                      'match the bundle ID "com.ranchero.NetNewsWire.iOS.Share-Extension". '
                      "(in target 'NetNewsWire iOS Share Extension' from project 'NetNewsWire')", r.stdout)
        self.assertIn('which does not match the bundle ID "com.ranchero.NetNewsWire.iOS.SpringboardWidgets"', r.stdout)
        self.assertNotIn("(in target 'NetNewsWire-iOS' from project 'NetNewsWire')", r.stdout)
        self.assertTrue(r.stdout.rstrip().endswith("** ARCHIVE FAILED **"))

    def test_project_as_is_fails_with_automatic_signing(self):
        _, r = self.archive("NetNewsWire-iOS", "generic/platform=iOS", "as-is")
        self.assertEqual(r.returncode, 65)
        self.assertEqual(r.stdout.count("error: No Accounts: Add a new account in Accounts settings."), 3)
        self.assertIn("No profiles for 'com.ranchero.NetNewsWire.iOS.SpringboardWidgets' were found", r.stdout)

    def test_per_bundle_ios_archive_and_export(self):
        names = {b: n for b, (n, _) in self.ios.items()}
        x = write_xcconfig(os.path.join(self.home.root, "ios.xcconfig"), names, team=TEAM)
        path, r = self.archive("NetNewsWire-iOS", "generic/platform=iOS", "ios", "-xcconfig", x, "COMPILER_INDEX_STORE_ENABLE=NO")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        app = os.path.join(path, "Products", "Applications", "NetNewsWire.app")
        for bundle, bundle_id in [(app, IOS["NetNewsWire-iOS"]),
                                  (app + "/PlugIns/NetNewsWire iOS Share Extension.appex", IOS["NetNewsWire iOS Share Extension"]),
                                  (app + "/PlugIns/NetNewsWire iOS Widget Extension.appex", IOS["NetNewsWire iOS Widget Extension"])]:
            self.assertEqual(read_plist(bundle + "/Info.plist")["CFBundleIdentifier"], bundle_id)
            with open(bundle + "/embedded.mobileprovision", "rb") as a, open(self.ios[bundle_id][1], "rb") as b:
                self.assertEqual(a.read(), b.read())
        self.assertEqual(read_plist(app + "/Info.plist")["CFBundleVersion"], "7207")
        # the export needs an entry for every bundle
        options = os.path.join(self.home.root, "ios-options.plist")
        partial = dict(names)
        del partial[IOS["NetNewsWire iOS Widget Extension"]]
        with open(options, "wb") as f:
            plistlib.dump({"method": "app-store-connect", "signingStyle": "manual", "teamID": TEAM, "provisioningProfiles": partial}, f)
        r = run(["-exportArchive", "-archivePath", path, "-exportPath", os.path.join(self.home.root, "ios-export"),
                 "-exportOptionsPlist", options], home=self.home)
        self.assertEqual(r.returncode, 70)
        self.assertIn('error: exportArchive: "NetNewsWire iOS Widget Extension.appex" requires a provisioning profile.', r.stderr)
        with open(options, "wb") as f:
            plistlib.dump({"method": "app-store-connect", "signingStyle": "manual", "teamID": TEAM, "provisioningProfiles": names}, f)
        r = run(["-exportArchive", "-archivePath", path, "-exportPath", os.path.join(self.home.root, "ios-export"),
                 "-exportOptionsPlist", options], home=self.home)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(os.path.isfile(os.path.join(self.home.root, "ios-export", "NetNewsWire.ipa")))

    def test_per_bundle_mac_archive(self):
        names = {b: n for b, (n, _) in self.mac.items()}
        x = write_xcconfig(os.path.join(self.home.root, "mac.xcconfig"), names, team=TEAM)
        path, r = self.archive("NetNewsWire", "generic/platform=macOS", "mac", "-xcconfig", x)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        app = os.path.join(path, "Products", "Applications", "NetNewsWire.app")
        self.assertTrue(os.path.isfile(app + "/Contents/MacOS/NetNewsWire"))
        self.assertTrue(os.path.isfile(app + "/Contents/_CodeSignature/CodeResources"))
        for bundle, bundle_id in [(app, MAC["NetNewsWire"]),
                                  (app + "/Contents/PlugIns/Subscribe to Feed.appex", MAC["Subscribe to Feed"]),
                                  (app + "/Contents/PlugIns/NetNewsWire Share Extension.appex", MAC["NetNewsWire Share Extension"])]:
            self.assertEqual(read_plist(bundle + "/Contents/Info.plist")["CFBundleIdentifier"], bundle_id)
            with open(bundle + "/Contents/embedded.provisionprofile", "rb") as a, open(self.mac[bundle_id][1], "rb") as b:
                self.assertEqual(a.read(), b.read())

    def test_ios_profile_does_not_sign_a_mac_target(self):
        names = {b: n for b, (n, _) in self.mac.items()}
        names[MAC["NetNewsWire"]] = self.ios[IOS["NetNewsWire-iOS"]][0]
        x = write_xcconfig(os.path.join(self.home.root, "wrong.xcconfig"), names, team=TEAM)
        _, r = self.archive("NetNewsWire", "generic/platform=macOS", "wrong", "-xcconfig", x)
        self.assertEqual(r.returncode, 65)
        # the .mobileprovision is not a macOS profile: Xcode does not find it
        self.assertIn("error: No profile for team 'M8L2WTLA8W' matching 'NNW NetNewsWire-iOS' found", r.stdout)


if __name__ == "__main__":
    unittest.main()
