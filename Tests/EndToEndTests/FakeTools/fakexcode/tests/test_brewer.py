"""The synthetic Brewer project (Tests/Fixtures/Projects/Brewer): app, widget and notification
extensions, a watch app, an App Clip, a framework, a local package with resources and a
build-tool plugin."""

import json
import os
import plistlib
import shutil
import subprocess
import unittest
import zipfile

from support import BREWER, FAKE_TOOLS, Home, groups_xml, read_plist, run, write_xcconfig

TEAM = "ABCDE12345"
ARCHIVE_ARGS = ["archive", "-workspace", "Brewer.xcworkspace", "-scheme", "Brewer", "-destination", "generic/platform=iOS"]


def bundle_ids(configuration):
    base = "works.sth.brewer." + configuration.lower()
    return {"app": base, "widget": base + ".widget", "notification": base + ".notificationservice",
            "watch": base + ".watchkitapp", "clip": base + ".Clip"}


def tree(folder):
    result = []
    for root, dirs, files in os.walk(folder):
        for f in files:
            p = os.path.join(root, f)
            result.append((os.path.relpath(p, folder), os.path.getmtime(p)))
    return sorted(result)


class BrewerSettingsTests(unittest.TestCase):
    def settings(self, configuration, destination="generic/platform=iOS"):
        r = run(["-showBuildSettings", "-json", "-workspace", "Brewer.xcworkspace", "-scheme", "Brewer",
                 "-configuration", configuration, "-skipPackageUpdates", "-destination", destination], cwd=BREWER)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("Resolve Package Graph", r.stderr)  # chatter on stderr, JSON alone on stdout
        return json.loads(r.stdout)

    def test_targets_in_build_order_with_package_targets(self):
        listed = self.settings("Production")
        names = [t["target"] for t in listed]
        self.assertEqual(names, ["BrewerKit", "BrewerWidget", "BrewerNotificationService", "BrewerWatch", "BrewerClip",
                                 "SwiftLintPlugin", "BrewerUI_BrewerUI", "BrewerUI", "Brewer"])
        self.assertTrue(all(t["action"] == "build" for t in listed))
        by = {t["target"]: t["buildSettings"] for t in listed}
        types = {n: s["PRODUCT_TYPE"] for n, s in by.items()}
        self.assertEqual(types["BrewerUI"], "com.apple.product-type.objfile")
        self.assertEqual(types["BrewerUI_BrewerUI"], "com.apple.product-type.bundle")
        self.assertEqual(types["SwiftLintPlugin"], "com.apple.product-type.tool")
        self.assertEqual(types["BrewerClip"], "com.apple.product-type.application.on-demand-install-capable")
        self.assertEqual(by["BrewerUI"]["PROJECT_NAME"], "BrewerUI")
        self.assertEqual(by["SwiftLintPlugin"]["PROJECT_NAME"], "SwiftLintPlugins")
        self.assertTrue(all(isinstance(v, str) for s in by.values() for v in s.values()))

    def test_bundle_ids_per_configuration(self):
        for configuration in ("Debug", "Staging", "Production"):
            by = {t["target"]: t["buildSettings"] for t in self.settings(configuration)}
            ids = bundle_ids(configuration)
            self.assertEqual(by["Brewer"]["PRODUCT_BUNDLE_IDENTIFIER"], ids["app"])
            self.assertEqual(by["BrewerWidget"]["PRODUCT_BUNDLE_IDENTIFIER"], ids["widget"])
            self.assertEqual(by["BrewerNotificationService"]["PRODUCT_BUNDLE_IDENTIFIER"], ids["notification"])
            self.assertEqual(by["BrewerWatch"]["PRODUCT_BUNDLE_IDENTIFIER"], ids["watch"])
            self.assertEqual(by["BrewerClip"]["PRODUCT_BUNDLE_IDENTIFIER"], ids["clip"])
            self.assertEqual(by["BrewerKit"]["PRODUCT_BUNDLE_IDENTIFIER"], "works.sth.BrewerKit")
            self.assertEqual(by["BrewerWatch"]["PLATFORM_NAME"], "watchos")
            self.assertEqual(by["Brewer"]["CODE_SIGN_STYLE"], "Automatic")
            self.assertEqual(by["Brewer"]["MARKETING_VERSION"], "1.0")
            self.assertEqual(by["Brewer"]["CURRENT_PROJECT_VERSION"], "1")

    def test_simulator_destination(self):
        by = {t["target"]: t["buildSettings"] for t in self.settings("Debug", "generic/platform=iOS Simulator")}
        self.assertEqual(by["Brewer"]["PLATFORM_NAME"], "iphonesimulator")
        self.assertEqual(by["Brewer"]["EFFECTIVE_PLATFORM_NAME"], "-iphonesimulator")

    def test_sdk_option_overrides_sdkroot_for_every_target(self):
        r = run(["-showBuildSettings", "-json", "-project", "Brewer.xcodeproj", "-scheme", "Brewer", "-configuration", "Debug",
                 "-sdk", "iphonesimulator"], cwd=BREWER)
        by = {t["target"]: t["buildSettings"] for t in json.loads(r.stdout)}
        # as with the real -sdk, the watch app is built for the iOS simulator too
        self.assertEqual(by["BrewerWatch"]["PLATFORM_NAME"], "iphonesimulator")
        self.assertEqual(by["Brewer"]["SDKROOT"], "iphonesimulator")

    def test_text_format(self):
        r = run(["-showBuildSettings", "-project", "Brewer.xcodeproj", "-scheme", "Brewer", "-configuration", "Staging"], cwd=BREWER)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("Build settings for action build and target Brewer:\n", r.stdout)
        self.assertIn("\n    PRODUCT_BUNDLE_IDENTIFIER = works.sth.brewer.staging\n", r.stdout)

    def test_list(self):
        r = run(["-list", "-json", "-workspace", "Brewer.xcworkspace"], cwd=BREWER)
        self.assertEqual(json.loads(r.stdout), {"workspace": {"name": "Brewer", "schemes": ["Brewer", "BrewerKit"]}})
        r = run(["-list", "-json", "-project", "Brewer.xcodeproj"], cwd=BREWER)
        project = json.loads(r.stdout)["project"]
        self.assertEqual(project["configurations"], ["Debug", "Staging", "Production"])
        self.assertIn("BrewerWatch", project["targets"])


class BrewerSigningTests(unittest.TestCase):
    """Archive and export with one profile per bundle."""

    @classmethod
    def setUpClass(cls):
        cls.home = Home()
        h = cls.home
        cls.ids = bundle_ids("Staging")
        app_ent = groups_xml("group.works.sth.brewer") + (
            "<key>aps-environment</key><string>production</string>"
            "<key>com.apple.developer.associated-domains</key><string>*</string>"
            "<key>keychain-access-groups</key><array><string>%s.*</string></array>" % TEAM)
        clip_ent = ("<key>com.apple.developer.associated-domains</key><string>*</string>"
                    "<key>com.apple.developer.parent-application-identifiers</key><array><string>%s.%s</string></array>"
                    % (TEAM, cls.ids["app"]))
        cls.profiles = {
            cls.ids["app"]: h.profile("Brewer Staging", TEAM + "." + cls.ids["app"], ENTITLEMENTS_XML=app_ent),
            cls.ids["widget"]: h.profile("Brewer Widget Staging", TEAM + "." + cls.ids["widget"],
                                         ENTITLEMENTS_XML=groups_xml("group.works.sth.brewer")),
            cls.ids["notification"]: h.profile("Brewer Notification Staging", TEAM + "." + cls.ids["notification"],
                                               ENTITLEMENTS_XML=groups_xml("group.works.sth.*")),
            cls.ids["watch"]: h.profile("Brewer Watch Staging", TEAM + "." + cls.ids["watch"], PLATFORM="watchOS"),
            cls.ids["clip"]: h.profile("Brewer Clip Staging", TEAM + "." + cls.ids["clip"], ENTITLEMENTS_XML=clip_ent),
        }
        # A widget profile without App Groups, installed too.
        h.profile("Brewer Widget Plain", TEAM + "." + cls.ids["widget"])
        cls.names = {b: read_plist_profile(p)["Name"] for b, p in cls.profiles.items()}
        cls.xcconfig = write_xcconfig(os.path.join(h.root, "signing.xcconfig"), cls.names)
        cls.before = tree(BREWER)
        cls.archive = os.path.join(h.root, "ok", "Brewer.xcarchive")
        cls.result = run(ARCHIVE_ARGS + ["-configuration", "Staging", "-archivePath", cls.archive, "-derivedDataPath",
                                         os.path.join(h.root, "dd"), "-xcconfig", cls.xcconfig], cwd=BREWER, home=h)

    @classmethod
    def tearDownClass(cls):
        cls.home.cleanup()

    def test_per_bundle_archive_passes_and_each_bundle_carries_its_profile(self):
        self.assertEqual(self.result.returncode, 0, self.result.stdout + self.result.stderr)
        self.assertIn("** ARCHIVE SUCCEEDED **", self.result.stdout)
        app = os.path.join(self.archive, "Products", "Applications", "Brewer.app")
        places = {self.ids["app"]: app, self.ids["widget"]: app + "/PlugIns/BrewerWidget.appex",
                  self.ids["notification"]: app + "/PlugIns/BrewerNotificationService.appex",
                  self.ids["watch"]: app + "/Watch/BrewerWatch.app", self.ids["clip"]: app + "/AppClips/BrewerClip.app"}
        for bundle_id, place in places.items():
            self.assertEqual(read_plist(place + "/Info.plist")["CFBundleIdentifier"], bundle_id)
            with open(place + "/embedded.mobileprovision", "rb") as a, open(self.profiles[bundle_id], "rb") as b:
                self.assertEqual(a.read(), b.read(), bundle_id)
            signature = read_plist(place + "/_CodeSignature/CodeResources")
            self.assertEqual(signature["FakeProvisioningProfileName"], self.names[bundle_id])
            self.assertEqual(signature["FakeSigningIdentity"], "Apple Distribution: Example Corp (ABCDE12345)")
        self.assertTrue(os.path.isfile(app + "/Frameworks/BrewerKit.framework/BrewerKit"))
        self.assertFalse(os.path.exists(app + "/Frameworks/BrewerKit.framework/embedded.mobileprovision"))
        self.assertTrue(os.path.isfile(app + "/BrewerUI_BrewerUI.bundle/Info.plist"))
        info = read_plist(app + "/Info.plist")
        self.assertEqual((info["CFBundleVersion"], info["CFBundleShortVersionString"], info["CFBundleExecutable"]), ("1", "1.0", "Brewer"))
        self.assertTrue(os.path.isfile(app + "/Brewer"))
        props = read_plist(os.path.join(self.archive, "Info.plist"))["ApplicationProperties"]
        self.assertEqual(props["ApplicationPath"], "Applications/Brewer.app")
        self.assertEqual(props["CFBundleIdentifier"], self.ids["app"])
        self.assertEqual(props["Team"], TEAM)
        dsyms = sorted(os.listdir(os.path.join(self.archive, "dSYMs")))
        self.assertEqual(dsyms, ["Brewer.app.dSYM", "BrewerClip.app.dSYM", "BrewerKit.framework.dSYM",
                                 "BrewerNotificationService.appex.dSYM", "BrewerWatch.app.dSYM", "BrewerWidget.appex.dSYM"])
        # the clip's entitlements were expanded with the target's settings and AppIdentifierPrefix
        clip = read_plist(places[self.ids["clip"]] + "/_CodeSignature/CodeResources")["FakeEntitlements"]
        self.assertEqual(clip["com.apple.developer.parent-application-identifiers"], [TEAM + "." + self.ids["app"]])

    def test_each_binary_and_its_dsym_carry_one_uuid_for_the_fake_dwarfdump(self):
        app = os.path.join(self.archive, "Products", "Applications", "Brewer.app")
        binaries = [app + "/Brewer", app + "/Frameworks/BrewerKit.framework/BrewerKit", app + "/PlugIns/BrewerWidget.appex/BrewerWidget"]
        dsyms = [os.path.join(self.archive, "dSYMs", n) for n in ("Brewer.app.dSYM", "BrewerKit.framework.dSYM", "BrewerWidget.appex.dSYM")]
        r = subprocess.run([os.path.join(FAKE_TOOLS, "fake-dwarfdump"), "--uuid"] + binaries + dsyms, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = [line.split(" ", 3) for line in r.stdout.splitlines()]
        self.assertEqual([w[2] for w in lines], ["(arm64)"] * 6)
        self.assertEqual([w[3] for w in lines[:3]], binaries)
        self.assertTrue(lines[3][3].endswith("Brewer.app.dSYM/Contents/Resources/DWARF/Brewer"), lines[3][3])
        self.assertEqual([w[1] for w in lines[:3]], [w[1] for w in lines[3:]])
        self.assertEqual(len(set(w[1] for w in lines[:3])), 3)

    def test_nothing_is_written_inside_the_project(self):
        self.assertEqual(tree(BREWER), self.before)

    def test_global_command_line_fails_for_every_target(self):
        r = run(ARCHIVE_ARGS + ["-configuration", "Staging", "-archivePath", os.path.join(self.home.root, "global.xcarchive"),
                                "CODE_SIGN_STYLE=Manual", "DEVELOPMENT_TEAM=" + TEAM, "PROVISIONING_PROFILE_SPECIFIER=Brewer Staging",
                                "CODE_SIGN_IDENTITY=Apple Distribution"], cwd=BREWER, home=self.home)
        self.assertEqual(r.returncode, 65)
        self.assertTrue(r.stdout.rstrip().endswith("** ARCHIVE FAILED **"))
        for target, project in [("BrewerUI", "BrewerUI"), ("SwiftLintPlugin", "SwiftLintPlugins"), ("BrewerKit", "Brewer"),
                                ("BrewerUI_BrewerUI", "BrewerUI")]:
            self.assertIn("error: %s does not support provisioning profiles, but provisioning profile Brewer Staging has been "
                          "manually specified. Set the provisioning profile value to \"Automatic\" in the build settings editor. "
                          "(in target '%s' from project '%s')" % (target, target, project), r.stdout)
        self.assertIn('error: Provisioning profile "Brewer Staging" has app ID "%s", which does not match the bundle ID "%s". '
                      "(in target 'BrewerWidget' from project 'Brewer')" % (self.ids["app"], self.ids["widget"]), r.stdout)
        self.assertIn("(in target 'BrewerWatch' from project 'Brewer')", r.stdout)
        self.assertIn("(in target 'BrewerClip' from project 'Brewer')", r.stdout)
        self.assertFalse(os.path.exists(os.path.join(self.home.root, "global.xcarchive")))

    def test_profile_without_app_groups(self):
        names = dict(self.names)
        names[self.ids["widget"]] = "Brewer Widget Plain"
        x = write_xcconfig(os.path.join(self.home.root, "plain.xcconfig"), names)
        r = run(ARCHIVE_ARGS + ["-configuration", "Staging", "-archivePath", os.path.join(self.home.root, "plain.xcarchive"),
                                "-xcconfig", x], cwd=BREWER, home=self.home)
        self.assertEqual(r.returncode, 65)
        self.assertIn('error: Provisioning profile "Brewer Widget Plain" doesn\'t support the App Groups capability. '
                      "(in target 'BrewerWidget' from project 'Brewer')", r.stdout)
        self.assertIn('error: Provisioning profile "Brewer Widget Plain" doesn\'t include the com.apple.security.application-groups '
                      "entitlement. (in target 'BrewerWidget' from project 'Brewer')", r.stdout)

    def test_missing_profile_and_missing_specifier(self):
        names = dict(self.names)
        names[self.ids["clip"]] = "Nobody's Profile"
        del names[self.ids["watch"]]
        x = write_xcconfig(os.path.join(self.home.root, "missing.xcconfig"), names)
        with open(x, "a") as f:
            f.write("NIGHTSHIFT_STYLE_%s = Manual\n" % self.ids["watch"].replace(".", "_"))
        r = run(ARCHIVE_ARGS + ["-configuration", "Staging", "-archivePath", os.path.join(self.home.root, "m.xcarchive"),
                                "-xcconfig", x], cwd=BREWER, home=self.home)
        self.assertEqual(r.returncode, 65)
        self.assertIn("error: No profile for team 'ABCDE12345' matching 'Nobody's Profile' found: Xcode couldn't find any "
                      "provisioning profiles matching 'ABCDE12345/Nobody's Profile'. Install the profile (by dragging and dropping "
                      "it onto Xcode's dock item) or select a different one in the Signing & Capabilities tab of the target editor. "
                      "(in target 'BrewerClip' from project 'Brewer')", r.stdout)
        self.assertIn('error: "BrewerWatch" requires a provisioning profile. Select a provisioning profile in the Signing & '
                      "Capabilities editor. (in target 'BrewerWatch' from project 'Brewer')", r.stdout)

    def test_nightshifts_own_file_profiles_by_uuid_identity_by_sha1(self):
        """The file nightshift's SigningXCConfig writes: a comment header, per-bundle variables for
        the bundles it signs only, the profile named by UUID, the identity by its certificate's
        SHA-1."""
        import hashlib
        app = read_plist_profile(self.profiles[self.ids["app"]])
        sha1 = hashlib.sha1(bytes(app["DeveloperCertificates"][0])).hexdigest().upper()
        lines = ["// nightshift: signing settings for this run", "// (one entry per signed bundle)"]
        for bundle_id, path in self.profiles.items():
            key = bundle_id.replace(".", "_")
            lines += ["", "// %s" % bundle_id, "NIGHTSHIFT_SIGNING_STYLE_%s = Manual" % key, "NIGHTSHIFT_TEAM_%s = %s" % (key, TEAM),
                      "NIGHTSHIFT_IDENTITY_%s = %s" % (key, sha1), "NIGHTSHIFT_PROFILE_%s = %s" % (key, read_plist_profile(path)["UUID"])]
        lines.append("")
        for setting, variable in [("CODE_SIGN_STYLE", "NIGHTSHIFT_SIGNING_STYLE_"), ("DEVELOPMENT_TEAM", "NIGHTSHIFT_TEAM_"),
                                  ("CODE_SIGN_IDENTITY", "NIGHTSHIFT_IDENTITY_"), ("PROVISIONING_PROFILE_SPECIFIER", "NIGHTSHIFT_PROFILE_")]:
            lines.append("%s = $(%s$(PRODUCT_BUNDLE_IDENTIFIER:c99extidentifier):default=$(inherited))" % (setting, variable))
        x = os.path.join(self.home.root, "nightshift.xcconfig")
        with open(x, "w") as f:
            f.write("\n".join(lines) + "\n")
        archive = os.path.join(self.home.root, "ns.xcarchive")
        r = run(ARCHIVE_ARGS + ["-configuration", "Staging", "-archivePath", archive, "-xcconfig", x,
                                "COMPILER_INDEX_STORE_ENABLE=NO", "CURRENT_PROJECT_VERSION=42"], cwd=BREWER, home=self.home)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        app_path = os.path.join(archive, "Products", "Applications", "Brewer.app")
        self.assertEqual(read_plist(app_path + "/Info.plist")["CFBundleVersion"], "42")
        self.assertEqual(read_plist(app_path + "/Watch/BrewerWatch.app/_CodeSignature/CodeResources")["FakeProvisioningProfileName"],
                         "Brewer Watch Staging")
        # an unknown SHA-1 is no identity
        with open(x, "a") as f:
            f.write("NIGHTSHIFT_IDENTITY_%s = %s\n" % (self.ids["app"].replace(".", "_"), "0" * 40))
        r = run(ARCHIVE_ARGS + ["-configuration", "Staging", "-archivePath", archive, "-xcconfig", x], cwd=BREWER, home=self.home)
        self.assertEqual(r.returncode, 65)
        self.assertIn('No signing certificate "%s" found' % ("0" * 40), r.stdout)

    def test_expired_other_team_other_certificate_wrong_platform(self):
        h = self.home
        h.profile("Brewer Old", TEAM + "." + self.ids["app"], PROFILE_EXPIRY="2020-09-06T00:00:00Z")
        h.profile("Brewer Other Team", "ZZZZZ99999." + self.ids["widget"], TEAM_ID="ZZZZZ99999",
                  ENTITLEMENTS_XML=groups_xml("group.works.sth.brewer"))
        # (the fake keychain knows identities by name, so the other certificate has another name)
        h.profile("Brewer Other Cert", TEAM + "." + self.ids["notification"], OTHER_CERT=1,
                  COMMON_NAME="Apple Distribution: Someone Else (ZZZZZ99999)", ENTITLEMENTS_XML=groups_xml("group.works.sth.brewer"))
        h.profile("Brewer TV", TEAM + "." + self.ids["watch"], PLATFORM="tvOS")
        names = dict(self.names)
        names.update({self.ids["app"]: "Brewer Old", self.ids["widget"]: "Brewer Other Team",
                      self.ids["notification"]: "Brewer Other Cert", self.ids["watch"]: "Brewer TV"})
        x = write_xcconfig(os.path.join(h.root, "bad.xcconfig"), names)
        r = run(ARCHIVE_ARGS + ["-configuration", "Staging", "-archivePath", os.path.join(h.root, "bad.xcarchive"), "-xcconfig", x],
                cwd=BREWER, home=h)
        self.assertEqual(r.returncode, 65)
        self.assertIn('error: Provisioning profile "Brewer Old" expired on Sep 6, 2020. (in target \'Brewer\' from project \'Brewer\')',
                      r.stdout)
        self.assertIn('error: Provisioning profile "Brewer Other Team" belongs to team', r.stdout)
        self.assertIn('error: Provisioning profile "Brewer Other Cert" doesn\'t include signing certificate "Apple Distribution: '
                      'Example Corp (ABCDE12345)". (in target \'BrewerNotificationService\' from project \'Brewer\')', r.stdout)
        self.assertIn('error: Provisioning profile "Brewer TV" is not a watchOS profile', r.stdout)
        self.assertIn("(in target 'BrewerWatch' from project 'Brewer')", r.stdout)

    def test_automatic_signing_without_accounts(self):
        r = run(ARCHIVE_ARGS + ["-configuration", "Staging", "-archivePath", os.path.join(self.home.root, "auto.xcarchive")],
                cwd=BREWER, home=self.home)
        self.assertEqual(r.returncode, 65)
        self.assertIn("error: No Accounts: Add a new account in Accounts settings. (in target 'Brewer' from project 'Brewer')", r.stdout)
        self.assertIn("error: No profiles for 'works.sth.brewer.staging' were found: Xcode couldn't find any iOS App Store "
                      "provisioning profiles matching 'works.sth.brewer.staging'. Automatic signing is disabled and unable to "
                      "generate a profile. To enable automatic signing, pass -allowProvisioningUpdates to xcodebuild. "
                      "(in target 'Brewer' from project 'Brewer')", r.stdout)

    def test_identity_must_be_on_the_search_list(self):
        other = Home(identities=("Apple Development: Someone Else (ZZZ)",))
        try:
            for b, p in self.profiles.items():
                shutil.copy(p, os.path.join(other.path, "Library/Developer/Xcode/UserData/Provisioning Profiles"))
            r = run(ARCHIVE_ARGS + ["-configuration", "Staging", "-archivePath", os.path.join(other.root, "x.xcarchive"),
                                    "-xcconfig", self.xcconfig], cwd=BREWER, home=other)
            self.assertEqual(r.returncode, 65)
            self.assertIn("/DerivedData/Brewer.app: no identity found", r.stdout)
            self.assertIn('error: No signing certificate "Apple Distribution: Example Corp (ABCDE12345)" found: No "Apple Distribution: '
                          'Example Corp (ABCDE12345)" signing certificate matching team ID "ABCDE12345" with a private key was found. '
                          "(in target 'Brewer' from project 'Brewer')", r.stdout)
        finally:
            other.cleanup()

    def test_extensionkit_extensions_go_to_extensions(self):
        """The same project with its two extensions made ExtensionKit extensions, embedded by an
        "Embed ExtensionKit Extensions" phase (products directory, $(EXTENSIONS_FOLDER_PATH))."""
        copy = os.path.join(self.home.root, "ek", "Brewer")
        shutil.copytree(BREWER, copy)
        pbxproj = os.path.join(copy, "Brewer.xcodeproj", "project.pbxproj")
        with open(pbxproj) as f:
            text = f.read()
        text = text.replace('productType = "com.apple.product-type.app-extension";',
                            'productType = "com.apple.product-type.extensionkit-extension";')
        text = text.replace('dstPath = "";\n\t\t\tdstSubfolderSpec = 13;',
                            'dstPath = "$(EXTENSIONS_FOLDER_PATH)";\n\t\t\tdstSubfolderSpec = 16;')
        with open(pbxproj, "w") as f:
            f.write(text)
        archive = os.path.join(self.home.root, "ek.xcarchive")
        r = run(ARCHIVE_ARGS + ["-configuration", "Staging", "-archivePath", archive, "-xcconfig", self.xcconfig], cwd=copy, home=self.home)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        app = os.path.join(archive, "Products", "Applications", "Brewer.app")
        self.assertEqual(sorted(os.listdir(app + "/Extensions")), ["BrewerNotificationService.appex", "BrewerWidget.appex"])
        self.assertFalse(os.path.exists(app + "/PlugIns"))
        with open(self.profiles[self.ids["widget"]], "rb") as f:
            self.assertEqual(read_file(app + "/Extensions/BrewerWidget.appex/embedded.mobileprovision"), f.read())

    def export(self, name, method, mapping, style="manual", certificate=None):
        options = os.path.join(self.home.root, name + ".plist")
        plist = {"method": method, "signingStyle": style, "teamID": TEAM, "provisioningProfiles": mapping}
        if certificate:
            plist["signingCertificate"] = certificate
        with open(options, "wb") as f:
            plistlib.dump(plist, f)
        out = os.path.join(self.home.root, name)
        return out, run(["-exportArchive", "-archivePath", self.archive, "-exportPath", out, "-exportOptionsPlist", options],
                        home=self.home)

    def test_export_ipa_carries_every_bundles_profile(self):
        out, r = self.export("export-ok", "release-testing", self.names)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("Exported Brewer to: %s" % out, r.stdout)
        with zipfile.ZipFile(os.path.join(out, "Brewer.ipa")) as z:
            names = set(z.namelist())
            for place, bundle_id in [("", self.ids["app"]), ("PlugIns/BrewerWidget.appex/", self.ids["widget"]),
                                     ("PlugIns/BrewerNotificationService.appex/", self.ids["notification"]),
                                     ("Watch/BrewerWatch.app/", self.ids["watch"]), ("AppClips/BrewerClip.app/", self.ids["clip"])]:
                entry = "Payload/Brewer.app/%sembedded.mobileprovision" % place
                self.assertIn(entry, names)
                with open(self.profiles[bundle_id], "rb") as f:
                    self.assertEqual(z.read(entry), f.read())
            self.assertIn("Payload/Brewer.app/Frameworks/BrewerKit.framework/BrewerKit", names)

    def test_export_missing_entry_fails(self):
        mapping = dict(self.names)
        del mapping[self.ids["notification"]]
        _, r = self.export("export-missing", "ad-hoc", mapping)
        self.assertEqual(r.returncode, 70)
        self.assertIn('error: exportArchive: "BrewerNotificationService.appex" requires a provisioning profile.', r.stderr)
        self.assertIn("** EXPORT FAILED **", r.stdout)

    def test_export_profile_must_grant_the_signed_entitlements(self):
        names = dict(self.names)
        names[self.ids["widget"]] = "Brewer Widget Plain"  # no App Groups
        _, r = self.export("export-plain", "ad-hoc", names)
        self.assertEqual(r.returncode, 70)
        self.assertIn('error: exportArchive: "BrewerWidget.appex" requires a provisioning profile with the App Groups feature.', r.stderr)

    def test_export_signing_certificate(self):
        out, r = self.export("export-cert", "ad-hoc", self.names, certificate="Apple Distribution")
        self.assertEqual(r.returncode, 0, r.stderr)
        _, r = self.export("export-nocert", "ad-hoc", self.names, certificate="iPhone Distribution")
        self.assertEqual(r.returncode, 70)
        self.assertIn('error: exportArchive: No signing certificate "iPhone Distribution" found', r.stderr)

    def test_export_method_must_fit_the_profiles(self):
        _, r = self.export("export-store", "app-store-connect", self.names)
        self.assertEqual(r.returncode, 70)
        self.assertIn('is not an app-store profile (it is ad-hoc)', r.stderr)


def read_file(path):
    with open(path, "rb") as f:
        return f.read()


def read_plist_profile(path):
    with open(path, "rb") as f:
        data = f.read()
    return plistlib.loads(data[data.find(b"<?xml"):data.find(b"</plist>") + 8])


if __name__ == "__main__":
    unittest.main()
