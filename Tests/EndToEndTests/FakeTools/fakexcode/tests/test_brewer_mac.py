"""The synthetic macOS Brewer project (Tests/Fixtures/Projects/BrewerMac): an app with a share
extension and an embedded framework, signed with Developer ID and no provisioning profile (its
entitlements, app sandbox and outgoing network connections, are not restricted: Apple TN3125)."""

import json
import os
import plistlib
import shutil
import unittest

from support import BREWER_MAC, Home, read_plist, run, write_xcconfig

TEAM = "ABCDE12345"
DEVELOPER_ID = "Developer ID Application: Example Corp (ABCDE12345)"
APP_ID = "works.sth.brewer.mac"
SHARE_ID = "works.sth.brewer.mac.share"
KIT_ID = "works.sth.BrewerMacKit"
ARCHIVE_ARGS = ["archive", "-workspace", "Brewer.xcworkspace", "-scheme", "Brewer", "-destination", "generic/platform=macOS"]
APP_ENTITLEMENTS = {"com.apple.security.app-sandbox": True, "com.apple.security.network.client": True}
SHARE_ENTITLEMENTS = {"com.apple.security.app-sandbox": True}


def tree(folder):
    result = []
    for root, dirs, files in os.walk(folder):
        for f in files:
            p = os.path.join(root, f)
            result.append((os.path.relpath(p, folder), os.path.getmtime(p)))
    return sorted(result)


def developer_id_xcconfig(path, bundle_ids=(APP_ID, SHARE_ID)):
    """Manual signing with the Developer ID identity and no profile, keyed by bundle id."""
    return write_xcconfig(path, {b: None for b in bundle_ids}, identity=DEVELOPER_ID)


class BrewerMacSettingsTests(unittest.TestCase):
    def settings(self, *extra, configuration="Release"):
        r = run(["-showBuildSettings", "-json", "-workspace", "Brewer.xcworkspace", "-scheme", "Brewer",
                 "-configuration", configuration, "-skipPackageUpdates"] + list(extra), cwd=BREWER_MAC)
        self.assertEqual(r.returncode, 0, r.stderr)
        return json.loads(r.stdout)

    def test_three_macos_targets_in_build_order(self):
        listed = self.settings()
        self.assertEqual([t["target"] for t in listed], ["BrewerMacKit", "BrewerShare", "Brewer"])
        by = {t["target"]: t["buildSettings"] for t in listed}
        for name, s in by.items():
            self.assertEqual(s["PLATFORM_NAME"], "macosx", name)
            self.assertEqual(s["SDKROOT"], "macosx", name)
            self.assertEqual(s["CODE_SIGN_STYLE"], "Automatic", name)
            self.assertEqual(s["DEVELOPMENT_TEAM"], TEAM, name)
            self.assertEqual(s["ENABLE_HARDENED_RUNTIME"], "YES", name)
            self.assertEqual((s["MARKETING_VERSION"], s["CURRENT_PROJECT_VERSION"]), ("1.0", "1"), name)
            self.assertEqual(s["CONFIGURATION"], "Release", name)
        self.assertEqual({n: s["PRODUCT_BUNDLE_IDENTIFIER"] for n, s in by.items()},
                         {"Brewer": APP_ID, "BrewerShare": SHARE_ID, "BrewerMacKit": KIT_ID})
        self.assertEqual({n: s["PRODUCT_TYPE"] for n, s in by.items()},
                         {"Brewer": "com.apple.product-type.application", "BrewerShare": "com.apple.product-type.app-extension",
                          "BrewerMacKit": "com.apple.product-type.framework"})
        self.assertEqual(by["Brewer"]["CODE_SIGN_ENTITLEMENTS"], "Brewer/Brewer.entitlements")
        self.assertEqual(by["BrewerShare"]["CODE_SIGN_ENTITLEMENTS"], "BrewerShare/BrewerShare.entitlements")
        self.assertNotIn("CODE_SIGN_ENTITLEMENTS", by["BrewerMacKit"])
        self.assertEqual(by["Brewer"]["EXECUTABLE_PATH"], "Brewer.app/Contents/MacOS/Brewer")
        self.assertEqual(by["Brewer"]["PLUGINS_FOLDER_PATH"], "Brewer.app/Contents/PlugIns")
        self.assertEqual(by["Brewer"]["FRAMEWORKS_FOLDER_PATH"], "Brewer.app/Contents/Frameworks")
        self.assertEqual(by["Brewer"]["EFFECTIVE_PLATFORM_NAME"], "")

    def test_macos_destination_and_debug(self):
        by = {t["target"]: t["buildSettings"] for t in self.settings("-destination", "generic/platform=macOS", configuration="Debug")}
        self.assertEqual(by["Brewer"]["PLATFORM_NAME"], "macosx")
        self.assertIn("DEBUG", by["Brewer"]["SWIFT_ACTIVE_COMPILATION_CONDITIONS"].split())

    def test_ios_destination_is_refused(self):
        r = run(["-showBuildSettings", "-json", "-workspace", "Brewer.xcworkspace", "-scheme", "Brewer",
                 "-destination", "generic/platform=iOS"], cwd=BREWER_MAC)
        self.assertEqual(r.returncode, 70)
        self.assertIn("Unable to find a destination matching the provided destination specifier", r.stderr)

    def test_per_bundle_xcconfig_reaches_the_signed_bundles_only(self):
        home = Home(identities=(DEVELOPER_ID,))
        try:
            x = developer_id_xcconfig(os.path.join(home.root, "s.xcconfig"))
            by = {t["target"]: t["buildSettings"] for t in self.settings("-xcconfig", x)}
            for name in ("Brewer", "BrewerShare"):
                self.assertEqual(by[name]["CODE_SIGN_STYLE"], "Manual", name)
                self.assertEqual(by[name]["CODE_SIGN_IDENTITY"], DEVELOPER_ID, name)
                self.assertEqual(by[name].get("PROVISIONING_PROFILE_SPECIFIER", ""), "", name)
            self.assertEqual(by["BrewerMacKit"]["CODE_SIGN_STYLE"], "Automatic")
            self.assertEqual(by["BrewerMacKit"]["CODE_SIGN_IDENTITY"], "Apple Development")
        finally:
            home.cleanup()

    def test_list(self):
        r = run(["-list", "-json", "-workspace", "Brewer.xcworkspace"], cwd=BREWER_MAC)
        self.assertEqual(json.loads(r.stdout), {"workspace": {"name": "Brewer", "schemes": ["Brewer"]}})
        r = run(["-list", "-json", "-project", "Brewer.xcodeproj"], cwd=BREWER_MAC)
        project = json.loads(r.stdout)["project"]
        self.assertEqual(project["configurations"], ["Debug", "Release"])
        self.assertEqual(project["targets"], ["Brewer", "BrewerShare", "BrewerMacKit"])


class BrewerMacSigningTests(unittest.TestCase):
    """Archive (the scheme's Release) and Developer ID export without any provisioning profile."""

    @classmethod
    def setUpClass(cls):
        cls.home = Home(identities=(DEVELOPER_ID,))
        cls.xcconfig = developer_id_xcconfig(os.path.join(cls.home.root, "developer-id.xcconfig"))
        cls.before = tree(BREWER_MAC)
        cls.archive = os.path.join(cls.home.root, "ok", "Brewer.xcarchive")
        cls.result = run(ARCHIVE_ARGS + ["-archivePath", cls.archive, "-derivedDataPath", os.path.join(cls.home.root, "dd"),
                                         "-xcconfig", cls.xcconfig], cwd=BREWER_MAC, home=cls.home)

    @classmethod
    def tearDownClass(cls):
        cls.home.cleanup()

    def copy_project(self, name):
        copy = os.path.join(self.home.root, name, "BrewerMac")
        shutil.copytree(BREWER_MAC, copy)
        return copy

    def archive_in(self, folder, name, xcconfig=None, home=None):
        return run(ARCHIVE_ARGS + ["-archivePath", os.path.join(self.home.root, name + ".xcarchive"),
                                   "-xcconfig", xcconfig or self.xcconfig], cwd=folder, home=home or self.home)

    def test_developer_id_archive_without_profiles(self):
        self.assertEqual(self.result.returncode, 0, self.result.stdout + self.result.stderr)
        self.assertIn("** ARCHIVE SUCCEEDED **", self.result.stdout)
        app = os.path.join(self.archive, "Products", "Applications", "Brewer.app")
        share = app + "/Contents/PlugIns/BrewerShare.appex"
        self.assertTrue(os.path.isfile(app + "/Contents/MacOS/Brewer"))
        self.assertTrue(os.path.isfile(share + "/Contents/MacOS/BrewerShare"))
        self.assertTrue(os.path.isfile(app + "/Contents/Frameworks/BrewerMacKit.framework/BrewerMacKit"))
        for place, bundle_id, entitlements in [(app, APP_ID, APP_ENTITLEMENTS), (share, SHARE_ID, SHARE_ENTITLEMENTS)]:
            info = read_plist(place + "/Contents/Info.plist")
            self.assertEqual(info["CFBundleIdentifier"], bundle_id)
            self.assertEqual(info["DTPlatformName"], "macosx")
            self.assertFalse(os.path.exists(place + "/Contents/embedded.provisionprofile"), bundle_id)
            signature = read_plist(place + "/Contents/_CodeSignature/CodeResources")
            self.assertEqual(signature["FakeSigningIdentity"], DEVELOPER_ID)
            self.assertEqual(signature["FakeProvisioningProfileName"], "")
            self.assertEqual(signature["FakeEntitlements"], entitlements)
        info = read_plist(app + "/Contents/Info.plist")
        self.assertEqual((info["CFBundleVersion"], info["CFBundleShortVersionString"], info["CFBundleExecutable"]), ("1", "1.0", "Brewer"))
        props = read_plist(os.path.join(self.archive, "Info.plist"))["ApplicationProperties"]
        self.assertEqual(props["ApplicationPath"], "Applications/Brewer.app")
        self.assertEqual(props["CFBundleIdentifier"], APP_ID)
        self.assertEqual(props["SigningIdentity"], DEVELOPER_ID)
        self.assertEqual(props["Team"], TEAM)
        self.assertEqual(sorted(os.listdir(os.path.join(self.archive, "dSYMs"))),
                         ["Brewer.app.dSYM", "BrewerMacKit.framework.dSYM", "BrewerShare.appex.dSYM"])

    def test_nothing_is_written_inside_the_project(self):
        self.assertEqual(tree(BREWER_MAC), self.before)

    def test_automatic_signing_without_accounts(self):
        r = run(ARCHIVE_ARGS + ["-archivePath", os.path.join(self.home.root, "auto.xcarchive")], cwd=BREWER_MAC, home=self.home)
        self.assertEqual(r.returncode, 65)
        self.assertIn("error: No profiles for 'works.sth.brewer.mac' were found: Xcode couldn't find any macOS App Store "
                      "provisioning profiles matching 'works.sth.brewer.mac'.", r.stdout)
        self.assertIn("(in target 'BrewerShare' from project 'Brewer')", r.stdout)

    def test_identity_must_be_on_the_search_list(self):
        other = Home()  # only an Apple Distribution identity
        try:
            r = self.archive_in(BREWER_MAC, "noid", home=other)
            self.assertEqual(r.returncode, 65)
            self.assertIn('error: No signing certificate "%s" found: No "%s" signing certificate matching team ID "%s" with a private '
                          "key was found. (in target 'Brewer' from project 'Brewer')" % (DEVELOPER_ID, DEVELOPER_ID, TEAM), r.stdout)
        finally:
            other.cleanup()

    def test_restricted_entitlement_needs_a_profile(self):
        """An iOS-style App Group (`group.`) is restricted on macOS; a team-prefixed one is not."""
        copy = self.copy_project("groups")
        path = os.path.join(copy, "BrewerShare", "BrewerShare.entitlements")

        def write_groups(group):
            with open(path, "wb") as f:
                plistlib.dump({"com.apple.security.app-sandbox": True, "com.apple.security.application-groups": [group]}, f)

        write_groups("group.works.sth.brewer")
        r = self.archive_in(copy, "groups")
        self.assertEqual(r.returncode, 65)
        self.assertIn('error: "BrewerShare" requires a provisioning profile with the App Groups feature. Select a provisioning '
                      "profile in the Signing & Capabilities editor. (in target 'BrewerShare' from project 'Brewer')", r.stdout)
        self.assertNotIn("(in target 'Brewer' from", r.stdout)
        write_groups("$(TeamIdentifierPrefix)works.sth.brewer")
        archive = os.path.join(self.home.root, "groups.xcarchive")
        r = self.archive_in(copy, "groups")
        self.assertEqual(r.returncode, 0, r.stdout)
        signature = read_plist(archive + "/Products/Applications/Brewer.app/Contents/PlugIns/BrewerShare.appex/Contents/"
                                         "_CodeSignature/CodeResources")
        self.assertEqual(signature["FakeEntitlements"]["com.apple.security.application-groups"], [TEAM + ".works.sth.brewer"])

    def test_missing_entitlements_file(self):
        copy = self.copy_project("noent")
        os.remove(os.path.join(copy, "Brewer", "Brewer.entitlements"))
        r = self.archive_in(copy, "noent")
        self.assertEqual(r.returncode, 65)
        self.assertIn("Brewer.entitlements\u201d could not be opened. Verify the value of the CODE_SIGN_ENTITLEMENTS build setting "
                      "for target \u201cBrewer\u201d", r.stdout)

    def export(self, name, certificate="Developer ID Application", style="manual", archive=None):
        options = os.path.join(self.home.root, name + ".plist")
        plist = {"method": "developer-id", "signingStyle": style, "teamID": TEAM}
        if certificate:
            plist["signingCertificate"] = certificate
        with open(options, "wb") as f:
            plistlib.dump(plist, f)
        out = os.path.join(self.home.root, name)
        return out, run(["-exportArchive", "-archivePath", archive or self.archive, "-exportPath", out, "-exportOptionsPlist", options],
                        home=self.home)

    def test_developer_id_export_copies_the_app(self):
        self.assertEqual(self.result.returncode, 0)
        for style in ("manual", "automatic"):
            out, r = self.export("export-" + style, style=style)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            self.assertIn("Exported Brewer to: %s" % out, r.stdout)
            self.assertIn("** EXPORT SUCCEEDED **", r.stdout)
            app = os.path.join(out, "Brewer.app")
            self.assertTrue(os.path.isfile(app + "/Contents/MacOS/Brewer"))
            self.assertTrue(os.path.isfile(app + "/Contents/PlugIns/BrewerShare.appex/Contents/MacOS/BrewerShare"))
            self.assertTrue(os.path.isfile(app + "/Contents/Frameworks/BrewerMacKit.framework/BrewerMacKit"))
            self.assertFalse(os.path.exists(app + "/Contents/embedded.provisionprofile"))
            with open(app + "/Contents/_CodeSignature/CodeResources") as f:
                self.assertEqual(f.read(), "Developer ID Application\n")
            self.assertEqual(read_plist(os.path.join(out, "ExportOptions.plist"))["method"], "developer-id")

    def test_export_certificate_must_be_on_the_search_list(self):
        _, r = self.export("export-nocert", certificate="Apple Distribution")
        self.assertEqual(r.returncode, 70)
        self.assertIn('error: exportArchive: No signing certificate "Apple Distribution" found', r.stderr)
        self.assertIn("** EXPORT FAILED **", r.stdout)

    def test_export_of_restricted_entitlements_needs_a_profile(self):
        copy = os.path.join(self.home.root, "icloud.xcarchive")
        shutil.copytree(self.archive, copy)
        signature = copy + "/Products/Applications/Brewer.app/Contents/_CodeSignature/CodeResources"
        data = read_plist(signature)
        data["FakeEntitlements"]["com.apple.developer.icloud-services"] = ["CloudKit"]
        with open(signature, "wb") as f:
            plistlib.dump(data, f)
        _, r = self.export("export-icloud", archive=copy)
        self.assertEqual(r.returncode, 70)
        self.assertIn('error: exportArchive: "Brewer.app" requires a provisioning profile with the iCloud feature.', r.stderr)


if __name__ == "__main__":
    unittest.main()
