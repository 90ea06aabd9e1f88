"""The crash reporters' fakes: dwarfdump's refusals, sentry-cli's token rule, upload-symbols' checks."""

import os
import plistlib
import subprocess
import tempfile
import unittest

from support import FAKE_TOOLS

DWARFDUMP = os.path.join(FAKE_TOOLS, "fake-dwarfdump")
SENTRY = os.path.join(FAKE_TOOLS, "sentry-cli")
UPLOAD_SYMBOLS = os.path.join(FAKE_TOOLS, "crashlytics", "upload-symbols")
UUID = "243968B1-F259-32E9-B506-B0DF3D00701F"


def run(argv, env=None):
    e = {"PATH": "/usr/bin:/bin"}
    e.update(env or {})
    return subprocess.run(argv, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)


class SymbolToolsTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="symbols-")
        self.dsyms = os.path.join(self.root, "dSYMs")
        dwarf = os.path.join(self.dsyms, "App.app.dSYM", "Contents", "Resources", "DWARF")
        os.makedirs(dwarf)
        with open(os.path.join(dwarf, "App"), "wb") as f:
            f.write(b"fake DWARF uuid=%s arch=arm64\n" % UUID.encode())
        self.vendored = os.path.join(self.root, "Vendor")
        with open(self.vendored, "wb") as f:
            f.write(b"\xcf\xfa\xed\xfe a vendored binary without tokens")
        self.text = os.path.join(self.root, "notes.txt")
        with open(self.text, "w") as f:
            f.write("not a binary")

    def test_dwarfdump_names_the_dwarf_file_of_a_dsym_and_hashes_an_untagged_binary(self):
        r = run([DWARFDUMP, "--uuid", os.path.join(self.dsyms, "App.app.dSYM"), self.vendored])
        self.assertEqual(r.returncode, 0, r.stderr)
        first, second = r.stdout.splitlines()
        self.assertEqual(first, "UUID: %s (arm64) %s" % (UUID, os.path.join(self.dsyms, "App.app.dSYM/Contents/Resources/DWARF/App")))
        self.assertTrue(second.startswith("UUID: ") and second.endswith(" (arm64) " + self.vendored), second)

    def test_dwarfdump_refuses_what_is_not_an_object_file_and_other_options(self):
        r = run([DWARFDUMP, "--uuid", self.text, os.path.join(self.root, "gone")])
        self.assertEqual(r.returncode, 1)
        self.assertIn("The file was not recognized as a valid object file", r.stderr)
        self.assertIn("gone: No such file or directory", r.stderr)
        self.assertEqual(run([DWARFDUMP, "--debug-info", self.vendored]).returncode, 64)

    def test_sentry_takes_the_token_from_its_environment_only(self):
        ok = run([SENTRY, "debug-files", "upload", "--org", "acme", "--project", "ios", self.dsyms],
                 env={"SENTRY_AUTH_TOKEN": "sntrys_abc", "FAKE_SENTRY_TOKEN": "sntrys_abc"})
        self.assertEqual(ok.returncode, 0, ok.stderr)
        self.assertIn("> Uploaded 1 missing debug information file", ok.stdout)
        argv = run([SENTRY, "debug-files", "upload", "--auth-token", "sntrys_abc", "--org", "acme", "--project", "ios", self.dsyms])
        self.assertEqual(argv.returncode, 2)
        self.assertIn("visible to every user's ps", argv.stderr)
        missing = run([SENTRY, "debug-files", "upload", "--org", "acme", "--project", "ios", self.dsyms])
        self.assertIn("Auth token is required", missing.stderr)
        wrong = run([SENTRY, "debug-files", "upload", "-o", "acme", "-p", "ios", self.dsyms],
                    env={"SENTRY_AUTH_TOKEN": "other", "FAKE_SENTRY_TOKEN": "sntrys_abc"})
        self.assertIn("Invalid token (http status: 401)", wrong.stderr)

    def test_upload_symbols_needs_an_app_id_and_a_known_platform(self):
        plist = os.path.join(self.root, "GoogleService-Info.plist")
        with open(plist, "wb") as f:
            plistlib.dump({"GOOGLE_APP_ID": "1:123:ios:abc"}, f)
        ok = run([UPLOAD_SYMBOLS, "-gsp", plist, "-p", "ios", self.dsyms])
        self.assertEqual(ok.returncode, 0, ok.stderr)
        self.assertIn("Successfully submitted symbols", ok.stdout)
        self.assertIn("No Google App ID or Google Services file provided", run([UPLOAD_SYMBOLS, "-p", "ios", self.dsyms]).stderr)
        self.assertIn("Platform must be one of", run([UPLOAD_SYMBOLS, "-gsp", plist, "-p", "macos", self.dsyms]).stderr)


if __name__ == "__main__":
    unittest.main()
