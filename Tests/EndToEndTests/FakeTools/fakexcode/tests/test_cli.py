"""The fake's command line: the log, delegation to fake-xcodebuild-test, error texts and codes,
and the behaviours earlier end-to-end tests rely on."""

import json
import os
import shutil
import tempfile
import unittest

from support import BREWER, Home, run


class CommandLineTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.log = os.path.join(self.dir, "fake.log")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def records(self):
        with open(self.log, "rb") as f:
            return [line.split(b"\0")[:-1] for line in f.read().split(b"\n")[:-1]]

    def test_log_is_one_nul_separated_record_per_invocation(self):
        run(["-list", "-json", "-workspace", "Brewer.xcworkspace"], cwd=BREWER, env={"NIGHTSHIFT_FAKE_LOG": self.log})
        run(["archive", "-scheme", "Brewer", "PROVISIONING_PROFILE_SPECIFIER=a b", ""], cwd=self.dir, env={"NIGHTSHIFT_FAKE_LOG": self.log})
        self.assertEqual(self.records(), [
            [b"xcodebuild", b"-list", b"-json", b"-workspace", b"Brewer.xcworkspace"],
            [b"xcodebuild", b"archive", b"-scheme", b"Brewer", b"PROVISIONING_PROFILE_SPECIFIER=a b", b""]])

    def test_an_argv_over_macos_arg_max_is_refused_as_the_kernel_would(self):
        only = ["-only-testing", "BrewerTests/LedgerTests/" + "t" * 40 + "()"]
        # 1.4 MB: over macOS's limit, under Linux's (a quarter of the 8 MiB stack), so the fake itself runs.
        r = run(["test-without-building"] + only * 15000, cwd=self.dir, env={"NIGHTSHIFT_FAKE_LOG": self.log})
        self.assertEqual(r.returncode, 126)
        self.assertIn("Argument list too long", r.stderr)
        self.assertFalse(os.path.exists(self.log), "the kernel refused it: xcodebuild never ran")
        r = run(["-list", "-json", "-workspace", "Brewer.xcworkspace"] + ["-x"] * 1000, cwd=BREWER, env={"NIGHTSHIFT_FAKE_LOG": self.log})
        self.assertNotEqual(r.returncode, 126)

    def test_list_without_a_project_is_fake_xcodebuild_tests(self):
        r = run(["-list", "-json", "-workspace", "Brewer.xcworkspace"], cwd=self.dir)
        self.assertEqual(json.loads(r.stdout), {"workspace": {"name": "Brewer", "schemes": ["Brewer", "BrewerKit"]}})
        r = run(["-showTestPlans", "-json", "-scheme", "Brewer"], cwd=self.dir, env={"HOME": self.dir})
        self.assertEqual(json.loads(r.stdout)["testPlans"], [{"name": "Nightly"}, {"name": "Smoke"}])

    def test_list_text_format(self):
        r = run(["-list", "-project", "Brewer.xcodeproj"], cwd=BREWER)
        self.assertTrue(r.stdout.startswith('Information about project "Brewer":\n    Targets:\n        Brewer\n'), r.stdout)
        self.assertIn("    Build Configurations:\n        Debug\n        Staging\n        Production\n", r.stdout)
        self.assertIn("    Schemes:\n        Brewer\n        BrewerKit\n", r.stdout)
        r = run(["-list", "-workspace", "Brewer.xcworkspace"], cwd=BREWER)
        self.assertEqual(r.stdout, 'Information about workspace "Brewer":\n    Schemes:\n        Brewer\n        BrewerKit\n\n')

    def test_unknown_invocation(self):
        r = run(["-frobnicate"], cwd=self.dir)
        self.assertEqual((r.returncode, r.stderr), (64, "xcodebuild: error: unknown invocation\n"))

    def test_missing_project_or_workspace(self):
        r = run(["archive", "-workspace", "Brewer.xcworkspace", "-scheme", "Brewer"], cwd=self.dir)
        self.assertEqual((r.returncode, r.stderr), (66, "xcodebuild: error: 'Brewer.xcworkspace' does not exist.\n"))
        r = run(["-showBuildSettings", "-project", "Nope.xcodeproj", "-scheme", "Brewer"], cwd=self.dir)
        self.assertEqual((r.returncode, r.stderr), (66, "xcodebuild: error: 'Nope.xcodeproj' does not exist.\n"))

    def test_project_from_the_current_folder(self):
        r = run(["-showBuildSettings", "-json", "-scheme", "Brewer", "-configuration", "Debug"], cwd=BREWER)
        self.assertEqual(r.returncode, 0, r.stderr)
        r = run(["archive", "-scheme", "Brewer"], cwd=self.dir)
        self.assertEqual(r.returncode, 66)
        self.assertIn("does not contain an Xcode project, workspace or package.", r.stderr)
        os.makedirs(os.path.join(self.dir, "A.xcodeproj"))
        os.makedirs(os.path.join(self.dir, "B.xcodeproj"))
        r = run(["archive", "-scheme", "Brewer"], cwd=self.dir)
        self.assertEqual(r.returncode, 64)
        self.assertIn("contains 2 projects, including multiple projects with the current extension (.xcodeproj). Specify the "
                      "project to use with the -project option.", r.stderr)

    def test_missing_scheme(self):
        r = run(["archive", "-project", "Brewer.xcodeproj", "-scheme", "Brewr", "-configuration", "Staging"], cwd=BREWER)
        self.assertEqual(r.returncode, 65)
        self.assertIn('xcodebuild: error: The project named "Brewer" does not contain a scheme named "Brewr". The "-list" option '
                      "can be used to find the names of the schemes in the project.", r.stderr)
        r = run(["archive", "-workspace", "Brewer.xcworkspace", "-scheme", "Brewr"], cwd=BREWER)
        self.assertIn('The workspace named "Brewer" does not contain a scheme named "Brewr".', r.stderr)

    def test_user_schemes_and_autocreated_schemes(self):
        copy = os.path.join(self.dir, "Brewer")
        shutil.copytree(BREWER, copy)
        shared = os.path.join(copy, "Brewer.xcodeproj", "xcshareddata", "xcschemes")
        user = os.path.join(copy, "Brewer.xcodeproj", "xcuserdata", "ci.xcuserdatad", "xcschemes")
        os.makedirs(user)
        shutil.move(os.path.join(shared, "Brewer.xcscheme"), os.path.join(user, "Nightly.xcscheme"))
        r = run(["-list", "-json", "-project", "Brewer.xcodeproj"], cwd=copy)
        self.assertEqual(json.loads(r.stdout)["project"]["schemes"], ["BrewerKit", "Nightly"])
        r = run(["-showBuildSettings", "-json", "-project", "Brewer.xcodeproj", "-scheme", "Nightly", "-configuration", "Debug"], cwd=copy)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(json.loads(r.stdout)[-1]["target"], "Brewer")
        shutil.rmtree(os.path.join(copy, "Brewer.xcodeproj", "xcshareddata"))
        shutil.rmtree(os.path.join(copy, "Brewer.xcodeproj", "xcuserdata"))
        r = run(["-list", "-json", "-project", "Brewer.xcodeproj"], cwd=copy)
        self.assertIn("BrewerWatch", json.loads(r.stdout)["project"]["schemes"])  # Xcode's autocreated schemes
        r = run(["-showBuildSettings", "-json", "-project", "Brewer.xcodeproj", "-scheme", "BrewerClip", "-configuration", "Debug"], cwd=copy)
        self.assertEqual([t["target"] for t in json.loads(r.stdout)], ["BrewerClip"])

    def test_missing_configuration(self):
        r = run(["-showBuildSettings", "-project", "Brewer.xcodeproj", "-scheme", "Brewer", "-configuration", "Release"], cwd=BREWER)
        self.assertEqual(r.returncode, 65)
        self.assertIn('does not contain a build configuration named "Release"', r.stderr)

    def test_destination_the_scheme_cannot_build_for(self):
        r = run(["archive", "-project", "Brewer.xcodeproj", "-scheme", "Brewer", "-configuration", "Staging",
                 "-destination", "generic/platform=macOS", "-archivePath", os.path.join(self.dir, "a")], cwd=BREWER)
        self.assertEqual(r.returncode, 70)
        self.assertIn("Unable to find a destination matching the provided destination specifier", r.stderr)

    def test_fake_failures_keep_their_lines(self):
        home = Home()
        try:
            r = run(["archive", "-workspace", "Brewer.xcworkspace", "-scheme", "Brewer", "-configuration", "Staging",
                     "-archivePath", os.path.join(home.root, "a.xcarchive")], cwd=BREWER, home=home, env={"FAKE_XCODEBUILD_FAIL": "archive"})
            self.assertEqual(r.returncode, 65)
            self.assertEqual(r.stdout.splitlines(), [
                "Resolve Package Graph", "SwiftCompile normal arm64 /src/App/AppDelegate.swift",
                "/src/App/AppDelegate.swift:3:5: warning: variable 'x' was never used",
                "/src/App/AppDelegate.swift:9:1: error: cannot find 'y' in scope", "** ARCHIVE FAILED **"])
            options = os.path.join(home.root, "o.plist")
            with open(options, "w") as f:
                f.write("<plist/>")
            os.makedirs(os.path.join(home.root, "x.xcarchive"))
            r = run(["-exportArchive", "-archivePath", os.path.join(home.root, "x.xcarchive"), "-exportPath",
                     os.path.join(home.root, "e"), "-exportOptionsPlist", options], home=home, env={"FAKE_XCODEBUILD_FAIL": "export"})
            self.assertEqual(r.returncode, 70)
            self.assertIn("** EXPORT FAILED **", r.stdout)
            r = run(["-exportArchive", "-archivePath", os.path.join(home.root, "none.xcarchive"), "-exportPath",
                     os.path.join(home.root, "e"), "-exportOptionsPlist", options], home=home)
            self.assertEqual(r.returncode, 70)
            self.assertIn("error: exportArchive: no such file or folder: '%s'" % os.path.join(home.root, "none.xcarchive"), r.stderr)
        finally:
            home.cleanup()

    def test_missing_xcconfig_include(self):
        x = os.path.join(self.dir, "broken.xcconfig")
        with open(x, "w") as f:
            f.write('#include "absent.xcconfig"\n')
        r = run(["archive", "-project", "Brewer.xcodeproj", "-scheme", "Brewer", "-configuration", "Staging", "-xcconfig", x,
                 "-archivePath", os.path.join(self.dir, "a")], cwd=BREWER)
        self.assertEqual(r.returncode, 65)
        self.assertIn("could not find included file 'absent.xcconfig' in search paths", r.stdout)


if __name__ == "__main__":
    unittest.main()
