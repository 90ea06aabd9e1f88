"""Helpers for the fake xcodebuild's tests: paths, a HOME with the fake keychain, profiles made by
scripts/make-signing-fixtures.sh (the real openssl), and running the fake."""

import os
import plistlib
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True

TESTS = os.path.dirname(os.path.abspath(__file__))
FAKE_TOOLS = os.path.dirname(os.path.dirname(TESTS))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(FAKE_TOOLS)))
XCODEBUILD = os.path.join(FAKE_TOOLS, "xcodebuild")
SCRIPT = os.path.join(REPO, "scripts", "make-signing-fixtures.sh")
BREWER = os.path.join(REPO, "Tests", "Fixtures", "Projects", "Brewer")
BREWER_MAC = os.path.join(REPO, "Tests", "Fixtures", "Projects", "BrewerMac")
# The real NetNewsWire project, next to the repository: <root's parent>/shared/reference/…
NETNEWSWIRE = os.path.join(os.path.dirname(REPO), "shared", "reference", "xcodeprojects", "netnewswire")
PROFILES = os.path.join("Library", "Developer", "Xcode", "UserData", "Provisioning Profiles")
IDENTITY = "Apple Distribution: Example Corp (ABCDE12345)"

if FAKE_TOOLS not in sys.path:
    sys.path.insert(0, FAKE_TOOLS)


class Home:
    """A temporary HOME: the fake security's search list with one keychain holding `identities`,
    and the installed-profiles folder."""

    def __init__(self, identities=(IDENTITY,)):
        self.root = tempfile.mkdtemp(prefix="fakexcode-")
        self.path = os.path.join(self.root, "home")
        keychain = os.path.join(self.path, "Library", "Keychains", "ci.keychain-db")
        os.makedirs(os.path.dirname(keychain))
        with open(keychain, "w") as f:
            for i in identities:
                f.write("identity %s\n" % i)
        os.makedirs(os.path.join(self.path, ".fake-security"))
        with open(os.path.join(self.path, ".fake-security", "search-list"), "w") as f:
            f.write(keychain + "\n")
        os.makedirs(os.path.join(self.path, PROFILES))
        self.signing = os.path.join(self.root, "signing")
        self.count = 0

    def cleanup(self):
        shutil.rmtree(self.root, ignore_errors=True)

    def profile(self, name, app_id, uuid=None, install=True, **settings):
        """Makes a profile with make-signing-fixtures.sh (the p12 made once and kept), installs
        it under its UUID as Xcode does, and returns its path."""
        self.count += 1
        uuid = uuid or "00000000-0000-4000-8000-%012d" % self.count
        # The identity (identity.p12, made on the first call with COMMON_NAME = IDENTITY) is kept
        # for every profile; a COMMON_NAME setting then names only an OTHER_CERT certificate.
        env = dict(os.environ, FIXTURE_NAME="identity", PROFILE_NAME=name, APP_ID=app_id, PROFILE_UUID=uuid,
                   PROFILE_FILE="p%d" % self.count, KEEP_IDENTITY="1", COMMON_NAME=IDENTITY)
        env.update({k: str(v) for k, v in settings.items()})
        subprocess.run(["/bin/sh", SCRIPT, self.signing], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        made = [f for f in os.listdir(self.signing) if f.startswith("p%d." % self.count)][0]
        source = os.path.join(self.signing, made)
        if not install:
            return source
        dest = os.path.join(self.path, PROFILES, uuid + os.path.splitext(made)[1])
        shutil.copyfile(source, dest)
        return dest


def run(args, cwd=None, home=None, env=None):
    e = {"PATH": "/usr/bin:/bin", "HOME": home.path if home else "/nonexistent"}
    if env:
        e.update(env)
    return subprocess.run([XCODEBUILD] + list(args), cwd=cwd, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)


def read_plist(path):
    with open(path, "rb") as f:
        return plistlib.load(f)


def groups_xml(*groups):
    return "<key>com.apple.security.application-groups</key><array>%s</array>" % "".join("<string>%s</string>" % g for g in groups)


def write_xcconfig(path, profiles, style="Manual", identity=IDENTITY, team="ABCDE12345"):
    """The per-bundle signing xcconfig nightshift writes (issue #36): settings keyed by bundle id
    through build-setting macros, so package targets and other bundles keep their own. A bundle
    id mapped to None gets style, identity and team but no profile."""
    from fakexcode.macros import c99extidentifier
    lines = []
    for bundle_id, profile in profiles.items():
        key = c99extidentifier(bundle_id)
        if profile is not None:  # None: no profile for this bundle (a Mac app signed with Developer ID)
            lines.append("NIGHTSHIFT_PROFILE_%s = %s" % (key, profile))
        lines.append("NIGHTSHIFT_STYLE_%s = %s" % (key, style))
        lines.append("NIGHTSHIFT_IDENTITY_%s = %s" % (key, identity))
        lines.append("NIGHTSHIFT_TEAM_%s = %s" % (key, team))
    lines += [
        "PROVISIONING_PROFILE_SPECIFIER = $(NIGHTSHIFT_PROFILE_$(PRODUCT_BUNDLE_IDENTIFIER:c99extidentifier):default=$(inherited))",
        "CODE_SIGN_STYLE = $(NIGHTSHIFT_STYLE_$(PRODUCT_BUNDLE_IDENTIFIER:c99extidentifier):default=$(inherited))",
        "CODE_SIGN_IDENTITY = $(NIGHTSHIFT_IDENTITY_$(PRODUCT_BUNDLE_IDENTIFIER:c99extidentifier):default=$(inherited))",
        "DEVELOPMENT_TEAM = $(NIGHTSHIFT_TEAM_$(PRODUCT_BUNDLE_IDENTIFIER:c99extidentifier):default=$(inherited))",
    ]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path
