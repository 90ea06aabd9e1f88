"""xcodebuild's command line: -list, -showBuildSettings, archive, -exportArchive (the test
actions are fake-xcodebuild-test's). See ../README.md for what each does and where it comes from."""

import datetime
import os
import plistlib
import re
import shutil
import sys

# json, uuid and zipfile are imported where they are used: together about half of this module's
# import time (`python3 -X importtime`), paid on every call of a tool a lane calls a dozen times,
# while only -json listings, archives and exports need them.

from . import compilecache, signing
from .project import (APPLICATION_TYPES, PROFILE_TYPES, Build, XcodebuildError, open_container, sdk_family)

VALUE_OPTIONS = {
    "-project", "-workspace", "-scheme", "-configuration", "-destination", "-archivePath", "-derivedDataPath",
    "-xcconfig", "-exportPath", "-exportOptionsPlist", "-sdk", "-target", "-resultBundlePath", "-testPlan",
    "-xctestrun", "-only-testing", "-skip-testing", "-authenticationKeyPath", "-authenticationKeyID",
    "-authenticationKeyIssuerID", "-destination-timeout", "-jobs", "-test-enumeration-output-path",
    "-clonedSourcePackagesDirPath", "-packageCachePath", "-toolchain", "-arch", "-resultBundleVersion",
    "-test-enumeration-style", "-test-enumeration-format", "-parallel-testing-worker-count",
    "-maximum-concurrent-test-simulator-destinations", "-testProductsPath", "-scmProvider",
}
ACTIONS = {"build", "archive", "test", "clean", "analyze", "install", "installsrc", "build-for-testing", "test-without-building", "docbuild"}
SETTING = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])*=")


class Args:
    def __init__(self, argv):
        self.values = {}
        self.flags = set()
        self.actions = []
        self.settings = []
        i = 0
        while i < len(argv):
            a = argv[i]
            if a in VALUE_OPTIONS and i + 1 < len(argv):
                self.values.setdefault(a, argv[i + 1])
                i += 2
                continue
            if a.startswith("-"):
                self.flags.add(a)
            elif a in ACTIONS:
                self.actions.append(a)
            elif SETTING.match(a):
                self.settings.append(a)
            i += 1

    def get(self, option, default=None):
        return self.values.get(option, default)


def out(text=""):
    # Flushed line by line, so stdout and stderr interleave as a shell script's would.
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def err(text):
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


# macOS's `getconf ARG_MAX`: the arguments and the environment together, each string with its
# NUL and its pointer (xnu's kern_exec.c). Linux allows more, so the fake refuses what a Mac would.
ARG_MAX = 1048576


def exec_size(argv):
    strings = [os.fsencode("/Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild")]
    strings += [a.encode("utf-8", "surrogateescape") for a in argv]
    strings += [os.fsencode(k) + b"=" + os.fsencode(v) for k, v in os.environ.items()]
    return sum(len(s) + 1 + 8 for s in strings)


def main(argv, here):
    # On a Mac the kernel refuses such an exec (E2BIG) before xcodebuild starts: nothing is logged,
    # and the spawner reports it. Exit 126, as a shell does for a command it cannot execute.
    size = exec_size(argv)
    if size > ARG_MAX:
        err("xcodebuild: Argument list too long (E2BIG: %d bytes of arguments and environment, "
            "more than ARG_MAX %d)" % (size, ARG_MAX))
        return 126
    log = os.environ.get("NIGHTSHIFT_FAKE_LOG") or "/dev/null"
    # One record per invocation: the argv NUL-separated (tool name first), then a newline, as
    # the shell fake's `printf '%s\0' xcodebuild "$@"; printf '\n'` wrote it.
    try:
        with open(log, "ab") as f:
            f.write(b"".join(a.encode("utf-8", "surrogateescape") + b"\0" for a in ["xcodebuild"] + argv) + b"\n")
    except OSError as e:
        err("xcodebuild: cannot write the fake log %s: %s" % (log, e))  # the shell fake went on too
    args = Args(argv)
    test_tool = os.path.join(here, "fake-xcodebuild-test")
    try:
        if argv == ["-version"]:
            # The machine's selected Xcode, as `xcodebuild -version` prints it (a fake Xcode
            # install answers for itself: xcode-developer-tool).
            out("Xcode %s" % os.environ.get("FAKE_XCODE_VERSION", "26.2"))
            out("Build version %s" % os.environ.get("FAKE_XCODE_BUILD", "17C52"))
            return 0
        if "-version" in args.flags:
            raise XcodebuildError("xcodebuild: error: invalid option '%s'" % next(a for a in argv if a != "-version"), 64)
        if "-exportArchive" in args.flags:
            return export_archive(args)
        if "archive" in args.actions:
            return archive(args)
        if "-showBuildSettings" in args.flags:
            return show_build_settings(args)
        if "-list" in args.flags:
            listed = list_container(args)
            if listed is not None:
                return listed
            os.execv(test_tool, [test_tool] + argv)
        if "-showTestPlans" in args.flags or "build-for-testing" in args.actions or "test-without-building" in args.actions:
            os.execv(test_tool, [test_tool] + argv)
    except XcodebuildError as e:
        (out if e.stdout else err)(e.message)
        return e.code
    err("xcodebuild: error: unknown invocation")
    return 64


# ---------------------------------------------------------------------------------------------
# -list


def list_container(args):
    """`-list [-json]` of the named project or workspace; None when it names none that exists
    (fake-xcodebuild-test answers then, as before)."""
    path = args.get("-workspace") or args.get("-project")
    if not path or not os.path.exists(path):
        return None
    container = open_container(args.get("-project"), args.get("-workspace"))
    schemes = container.scheme_names()
    if container.kind == "workspace":
        data = {"workspace": {"name": container.name, "schemes": schemes}}
    else:
        p = container.project
        data = {"project": {"configurations": p.configuration_names(), "name": p.name, "schemes": schemes,
                            "targets": [t.name for t in p.targets]}}
    if "-json" in args.flags:
        # xcodebuild's JSON: two-space indent, " : " between key and value, keys sorted.
        import json
        out(json.dumps(data, indent=2, separators=(",", " : "), sort_keys=True))
        return 0
    if container.kind == "workspace":
        out('Information about workspace "%s":' % container.name)
    else:
        p = container.project
        out('Information about project "%s":' % p.name)
        out("    Targets:")
        for t in p.targets:
            out("        " + t.name)
        out("")
        out("    Build Configurations:")
        for c in p.configuration_names():
            out("        " + c)
        out("")
        out('    If no build configuration is specified and -scheme is not passed then "%s" is used.' % p.default_configuration())
        out("")
    out("    Schemes:")
    for s in schemes:
        out("        " + s)
    out("")
    return 0


# ---------------------------------------------------------------------------------------------
# Builds


def make_build(args, action):
    container = open_container(args.get("-project"), args.get("-workspace"))
    name = args.get("-scheme")
    if not name:
        raise XcodebuildError("xcodebuild: error: The -scheme option is required for this action.", 64) if action == "archive" \
            else XcodebuildError("xcodebuild: error: -showBuildSettings needs -scheme here (the fake reads schemes only).", 64)
    scheme = container.scheme(name)
    configuration = args.get("-configuration") or (scheme.archive_configuration if action == "archive" else scheme.launch_configuration)
    derived = args.get("-derivedDataPath")
    settings = list(args.settings)
    if args.get("-sdk"):
        # man xcodebuild: -sdk overrides SDKROOT (for every target, like a command-line setting).
        settings.insert(0, "SDKROOT=" + args.get("-sdk"))
    build = Build(container, scheme, action, configuration, args.get("-destination"), settings,
                  args.get("-xcconfig"), os.environ.get("XCODE_XCCONFIG_FILE"),
                  os.path.abspath(derived) if derived else None, os.environ.get("HOME"))
    for p in container.projects:
        if configuration not in p.configuration_names() and any(t.project is p for t in scheme.targets_for(action)):
            raise XcodebuildError(
                'xcodebuild: error: The project named "%s" does not contain a build configuration named "%s".' % (p.name, configuration), 65)
    return build


def check_destination(build):
    """The real error when no target of the scheme supports the destination's platform."""
    if not build.destination_platform:
        return
    tops = build.scheme.targets_for(build.action)
    for t in tops:
        supported = build.settings(t).get("SUPPORTED_PLATFORMS", "").split()
        if build.destination_platform in supported or sdk_family(build.destination_platform) == sdk_family(build.settings(t).get("SDKROOT", "")):
            return
    shown = ", ".join("%s:%s" % (k, v) for k, v in build.destination_fields.items())
    raise XcodebuildError(
        "xcodebuild: error: Unable to find a destination matching the provided destination specifier:\n\t\t{ %s }" % shown, 70)


def unique_diagnostics(build):
    """The xcconfig diagnostics, each once (a file is read for every target that uses it)."""
    seen = []
    for d in build.diagnostics:
        if d not in seen:
            seen.append(d)
    return seen


def diagnostics_failed(build, banner):
    diagnostics = unique_diagnostics(build)
    errors = [m for level, m in diagnostics if level == "error"]
    for level, m in diagnostics:
        out("%s: %s" % (level, m))
    if errors:
        out(banner)
        return True
    return False


def show_build_settings(args):
    build = make_build(args, "build")
    err("Command line invocation:\n    /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild " + " ".join(sys.argv[1:]))
    err("Resolve Package Graph")
    targets = build.targets()
    check_destination(build)
    if "-json" in args.flags:
        data = [{"action": "build", "buildSettings": build.settings(t), "target": t.name} for t in targets]
        import json
        out(json.dumps(data, indent=2, separators=(",", " : "), sort_keys=True))
    else:
        for t in targets:
            out("Build settings for action build and target %s:" % t.name)
            for k, v in build.settings(t).items():
                out("    %s = %s" % (k, v))
            out("")
    for level, m in unique_diagnostics(build):
        err("%s: %s" % (level, m))
    return 0


def located(build, target, message):
    """Xcode's form: `<project path>: error: MESSAGE (in target 'T' from project 'P')`."""
    where = target.project.path if target.kind == "native" else (target.package.folder or target.package.name)
    return "%s: error: %s (in target '%s' from project '%s')" % (where, message, target.name, target.project_name)


def signing_errors(build, targets, allow_updates, home):
    """Every target's signing errors, in build order (Xcode reports them all)."""
    errors = []
    missing_identities = []
    profiles = signing.installed_profiles(home)
    identities = signing.keychain_identities(home)
    chosen = {}
    for t in targets:
        s = build.settings(t)
        name = t.name
        style = s.get("CODE_SIGN_STYLE", "")
        spec = s.get("PROVISIONING_PROFILE_SPECIFIER", "")
        if t.product_type not in PROFILE_TYPES:
            if spec:
                # [brief]/[seen in issue #36's logs]: the error for a package or framework target
                # reached by a command-line PROVISIONING_PROFILE_SPECIFIER.
                errors.append(located(build, t, '%s does not support provisioning profiles, but provisioning profile %s has been '
                                                 'manually specified. Set the provisioning profile value to "Automatic" in the build '
                                                 'settings editor.' % (name, spec)))
            continue
        if s.get("CODE_SIGNING_ALLOWED") == "NO":
            continue
        bundle_id = s.get("PRODUCT_BUNDLE_IDENTIFIER", "")
        team = s.get("DEVELOPMENT_TEAM", "")
        platform = sdk_family(s.get("SDKROOT", ""))
        if style == "Automatic":
            if not allow_updates:
                # [brief] the texts an archive with automatic signing and no account prints.
                errors.append(located(build, t, "No Accounts: Add a new account in Accounts settings."))
                kind = {"macosx": "macOS"}.get(platform, signing.DISPLAY_OF_SDK.get(platform, "iOS"))
                errors.append(located(build, t, "No profiles for '%s' were found: Xcode couldn't find any %s App Store provisioning "
                                                "profiles matching '%s'. Automatic signing is disabled and unable to generate a "
                                                "profile. To enable automatic signing, pass -allowProvisioningUpdates to xcodebuild."
                                                % (bundle_id, kind, bundle_id)))
            else:
                errors.append(located(build, t, "No Accounts: Add a new account in Accounts settings."))
            continue
        # Manual signing: the identity must be in a keychain on the search list (codesign's
        # check, kept from the shell fake).
        identity = signing.find_identity(identities, s.get("CODE_SIGN_IDENTITY", ""), profiles)
        if identity is None:
            missing_identities.append((t, s.get("CODE_SIGN_IDENTITY", "") or "Apple Distribution"))
        if not spec:
            if platform == "macosx":
                # A Mac app may be signed without a profile (Developer ID, or "Sign to Run
                # Locally"), with its entitlements, as long as none of them is restricted
                # (Apple TN3125): app-sandbox, network.client and the hardened runtime's
                # exceptions need no profile; iCloud, push, `group.` App Groups, keychain
                # access groups and every com.apple.developer.* one do.
                entitlements, problem = target_entitlements(build, t, team)
                if problem:
                    errors.append(located(build, t, problem))
                    continue
                restricted = signing.mac_features_needing_profile(entitlements, team)
                if restricted:
                    # [seen] 'error: "<app>" requires a provisioning profile with the iCloud feature.'
                    # and, Developer ID without a profile, '"…" requires a provisioning profile with
                    # the FSKit Module feature' (quoted in public projects' notes); the
                    # second sentence as in the iOS "requires a provisioning profile." error.
                    errors.append(located(build, t, '"%s" requires a provisioning profile with the %s %s. Select a provisioning '
                                                    'profile in the Signing & Capabilities editor.'
                                                    % (name, signing._join(restricted), "feature" if len(restricted) == 1 else "features")))
                    continue
                chosen[t.name] = (None, identity, entitlements)
                continue
            # [brief]
            errors.append(located(build, t, '"%s" requires a provisioning profile. Select a provisioning profile in the Signing & '
                                            'Capabilities editor.' % name))
            continue
        profile = signing.find_profile(profiles, spec, platform)
        if profile is None:
            # [seen] fastlane/fastlane #18889
            errors.append(located(build, t, "No profile for team '%s' matching '%s' found: Xcode couldn't find any provisioning "
                                            "profiles matching '%s/%s'. Install the profile (by dragging and dropping it onto "
                                            "Xcode's dock item) or select a different one in the Signing & Capabilities tab of the "
                                            "target editor." % (team, spec, team, spec)))
            continue
        problems = []
        if not signing.platform_fits(profile, platform):
            # [guess]
            problems.append('Provisioning profile "%s" is not a %s profile: its platforms are %s.'
                            % (profile.name, signing.DISPLAY_OF_SDK.get(platform, platform), ", ".join(profile.platforms)))
        if team and profile.team != team:
            # [guess]
            problems.append('Provisioning profile "%s" belongs to team "%s" (%s), which does not match the selected team "%s".'
                            % (profile.name, profile.team_name, profile.team, team))
        if profile.expired():
            # [seen] Expensify/App #26899
            problems.append('Provisioning profile "%s" expired on %s.' % (profile.name, signing.expiry_text(profile)))
        if not profile.matches_bundle(bundle_id):
            # [brief]
            problems.append('Provisioning profile "%s" has app ID "%s", which does not match the bundle ID "%s".'
                            % (profile.name, profile.bundle_pattern, bundle_id))
        if identity is not None and identity not in profile.certificates:
            # [seen] fastlane/fastlane #13339
            problems.append('Provisioning profile "%s" doesn\'t include signing certificate "%s".' % (profile.name, identity))
        entitlements, problem = target_entitlements(build, t, team or profile.team)
        if problem:
            problems.append(problem)
        elif entitlements:
            problems.extend(signing.entitlement_errors(profile, entitlements))
        errors.extend(located(build, t, p) for p in problems)
        chosen[t.name] = (profile, identity, entitlements)
    return errors, missing_identities, chosen


def target_entitlements(build, t, team):
    """A target's entitlements as codesign gets them: the CODE_SIGN_ENTITLEMENTS plist (relative
    to SRCROOT), `$(VAR)` expanded with the target's settings plus AppIdentifierPrefix and
    TeamIdentifierPrefix (the team and a dot). Returns (entitlements, error text or None)."""
    s = build.settings(t)
    path = s.get("CODE_SIGN_ENTITLEMENTS", "")
    if not path:
        return {}, None
    full = path if path.startswith("/") else os.path.join(s.get("SRCROOT", ""), path)
    if not os.path.isfile(full):
        # [guess, from memory of Xcode's wording, not found in a public log here]
        return {}, ("The file \u201c%s\u201d could not be opened. Verify the value of the CODE_SIGN_ENTITLEMENTS build "
                    "setting for target \u201c%s\u201d is correct and that the file exists on disk." % (full, t.name))
    prefix = (team or "") + "."
    ev = build.evaluator(t)
    raw = signing.read_entitlements(full)
    return signing.expand_entitlements(
        raw, lambda text: ev.evaluate(text, {"AppIdentifierPrefix": prefix, "TeamIdentifierPrefix": prefix})), None


def archive(args):
    out("Resolve Package Graph")
    build = make_build(args, "archive")
    targets = build.targets()
    check_destination(build)
    clone_packages(args)
    compile_with_cache(args, (build.container.workspace or build.container.project).path)
    out("SwiftCompile normal arm64 /src/App/AppDelegate.swift")
    out("/src/App/AppDelegate.swift:3:5: warning: variable 'x' was never used")
    if os.environ.get("FAKE_XCODEBUILD_FAIL") == "archive":
        out("/src/App/AppDelegate.swift:9:1: error: cannot find 'y' in scope")
        out("** ARCHIVE FAILED **")
        return 65
    if diagnostics_failed(build, "** ARCHIVE FAILED **"):
        return 65
    home = os.environ.get("HOME", "/nonexistent")
    errors, missing, chosen = signing_errors(build, targets, "-allowProvisioningUpdates" in args.flags, home)
    for t, wanted in missing:
        # The shell fake's codesign-style line, then Xcode's own error (the text of
        # Tests/NightshiftAppleTests/Fixtures/xcodebuild/signing-settings.txt).
        s = build.settings(t)
        out("/DerivedData/%s: no identity found" % s.get("FULL_PRODUCT_NAME", t.name))
        errors.append(located(build, t, 'No signing certificate "%s" found: No "%s" signing certificate matching team ID "%s" with a '
                                        'private key was found.' % (wanted, wanted, s.get("DEVELOPMENT_TEAM", ""))))
    if errors:
        for e in errors:
            out(e)
        out("** ARCHIVE FAILED **")
        return 65
    path = args.get("-archivePath")
    if not path:
        raise XcodebuildError("xcodebuild: error: -archivePath is required (the fake does not write to ~/Library/Developer/Xcode/Archives).", 64)
    # xcodebuild adds .xcarchive to an -archivePath without it.
    write_archive(build, targets, chosen, os.path.abspath(path if path.endswith(".xcarchive") else path + ".xcarchive"))
    out("Ld /DerivedData/App.app/App normal arm64")
    out("CodeSign /DerivedData/App.app")
    out("** ARCHIVE SUCCEEDED **")
    return 0


def clone_packages(args):
    """-clonedSourcePackagesDirPath: SwiftPM's bare clones go to <dir>/repositories, checkouts to
    <dir>/checkouts, instead of the derived data's SourcePackages."""
    folder = args.get("-clonedSourcePackagesDirPath")
    if folder:
        for part in ("repositories", "checkouts"):
            os.makedirs(os.path.join(os.path.abspath(folder), part), exist_ok=True)


def compile_with_cache(args, container):
    """The sources' compile tasks through the compilation cache, when it is on (or when the
    benchmark times compiles): a setting Xcode refuses fails the build as Xcode's does."""
    settings = compilecache.settings_from(args.settings)
    if settings.get("COMPILATION_CACHE_ENABLE_CACHING") != "YES" and not os.environ.get("FAKE_COMPILE_SECONDS_PER_MISS"):
        return
    try:
        compilecache.compile_sources(settings, os.path.dirname(container), out)
    except compilecache.CacheError as e:
        out(str(e))
        raise XcodebuildError("** %s FAILED **" % ("ARCHIVE" if "archive" in args.actions else "BUILD"), 65, stdout=True)


# ---------------------------------------------------------------------------------------------
# The archive on disk


def _write_plist(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        plistlib.dump(data, f)


class ArchiveWriter:
    def __init__(self, build, chosen, root):
        self.build = build
        self.chosen = chosen
        self.root = root
        self.dsyms = []
        self.placed = set()

    def bundle(self, target, path):
        """Writes `target`'s bundle at `path` and everything it embeds."""
        s = self.build.settings(target)
        self.placed.add(target.name)
        wrapper = s.get("WRAPPER_NAME", "")
        contents_rel = s.get("CONTENTS_FOLDER_PATH", wrapper)[len(wrapper):].lstrip("/")
        contents = os.path.join(path, contents_rel)
        exe_rel = s.get("EXECUTABLE_PATH", "")[len(wrapper):].lstrip("/")
        platform = sdk_family(s.get("SDKROOT", ""))
        info = {
            "CFBundleIdentifier": s.get("PRODUCT_BUNDLE_IDENTIFIER", ""),
            "CFBundleExecutable": s.get("EXECUTABLE_NAME", ""),
            "CFBundleName": s.get("PRODUCT_NAME", ""),
            "CFBundlePackageType": s.get("PRODUCT_BUNDLE_PACKAGE_TYPE", ""),
            "CFBundleVersion": s.get("CURRENT_PROJECT_VERSION", ""),
            "CFBundleShortVersionString": s.get("MARKETING_VERSION", ""),
            "CFBundleSupportedPlatforms": [s.get("PLATFORM_NAME", "")],
            "DTPlatformName": s.get("PLATFORM_NAME", ""),
            "DTSDKName": s.get("SDK_NAME", ""),
            "DTXcode": "2600",
        }
        if target.product_type == "com.apple.product-type.application" and platform == "watchos":
            info["WKApplication"] = True
        if target.product_type == "com.apple.product-type.application.on-demand-install-capable":
            info["NSAppClip"] = {"NSAppClipRequestEphemeralUserNotification": False, "NSAppClipRequestLocationConfirmation": False}
        _write_plist(os.path.join(path, s.get("INFOPLIST_PATH", wrapper + "/Info.plist")[len(wrapper):].lstrip("/")), info)
        if exe_rel and target.product_type != "com.apple.product-type.bundle":
            exe = os.path.join(path, exe_rel)
            os.makedirs(os.path.dirname(exe), exist_ok=True)
            # The same UUID in the binary and its dSYM, for the fake dwarfdump (`uuid=… arch=…`);
            # a new one per build, as the linker's LC_UUID changes with the code.
            import uuid
            slice_uuid = str(uuid.uuid5(uuid.NAMESPACE_URL, "%s/%s/%s" % (self.root, target.name, info["CFBundleVersion"]))).upper()
            with open(exe, "wb") as f:
                f.write(b"\xcf\xfa\xed\xfe fake Mach-O for %s uuid=%s arch=arm64\n" % (target.name.encode(), slice_uuid.encode()))
            self.dsyms.append((s.get("DWARF_DSYM_FILE_NAME", ""), s.get("EXECUTABLE_NAME", ""), info["CFBundleIdentifier"], slice_uuid))
        profile, identity, entitlements = self.chosen.get(target.name, (None, None, {}))
        if profile is not None:
            name = "embedded.provisionprofile" if platform == "macosx" else "embedded.mobileprovision"
            where = contents if platform == "macosx" else path
            with open(os.path.join(where, name), "wb") as f:
                f.write(profile.data)
        signature = {
            "files": {}, "files2": {}, "rules": {}, "rules2": {},
            "FakeSigningIdentity": identity or self.default_identity(),
            "FakeProvisioningProfileUUID": profile.uuid if profile else "",
            "FakeProvisioningProfileName": profile.name if profile else "",
            "FakeEntitlements": entitlements,
        }
        _write_plist(os.path.join(contents, "_CodeSignature", "CodeResources"), signature)
        for child, phase in self.build.embedded(target):
            folder = self.build.embed_folder(target, phase)
            cs = self.build.settings(child)
            self.bundle(child, os.path.join(path, folder, cs.get("FULL_PRODUCT_NAME", child.name)))
        # Package resource bundles go into the client's resources.
        if target.kind == "native":
            resources = s.get("UNLOCALIZED_RESOURCES_FOLDER_PATH", wrapper)[len(wrapper):].lstrip("/")
            for ref in target.obj.get("packageProductDependencies", []):
                for pt in self.build._package_targets(target.project, ref, s.get("SDKROOT", "")):
                    if pt.kind == "bundle":
                        ps = self.build.settings(pt)
                        bpath = os.path.join(path, resources, ps.get("FULL_PRODUCT_NAME", pt.name))
                        _write_plist(os.path.join(bpath, "Info.plist"), {"CFBundleIdentifier": ps.get("PRODUCT_BUNDLE_IDENTIFIER", ""),
                                                                          "CFBundlePackageType": "BNDL"})

    def default_identity(self):
        ids = signing.keychain_identities(os.environ.get("HOME", "/nonexistent"))
        return ids[0] if ids else ""


def write_archive(build, targets, chosen, root):
    tops = [t for t in build.scheme.targets_for("archive") if t.product_type in APPLICATION_TYPES] or build.scheme.targets_for("archive")
    if os.path.exists(root):
        shutil.rmtree(root)
    os.makedirs(os.path.join(root, "Products"), exist_ok=True)
    writer = ArchiveWriter(build, chosen, root)
    app = tops[0]
    s = build.settings(app)
    is_app = app.product_type in APPLICATION_TYPES
    # An app goes to Products/Applications; anything else (a "Generic Xcode Archive") to its
    # INSTALL_PATH under Products, e.g. Products/Library/Frameworks.
    folder = "Applications" if is_app else (s.get("INSTALL_PATH", "") or "/usr/local/bin").lstrip("/")
    app_rel = os.path.join(folder, s.get("FULL_PRODUCT_NAME", app.name))
    writer.bundle(app, os.path.join(root, "Products", app_rel))
    for name, exe, bundle_id, slice_uuid in writer.dsyms:
        dsym = os.path.join(root, "dSYMs", name)
        _write_plist(os.path.join(dsym, "Contents", "Info.plist"), {"CFBundleIdentifier": "com.apple.xcode.dsym." + bundle_id,
                                                                      "CFBundlePackageType": "dSYM"})
        dwarf = os.path.join(dsym, "Contents", "Resources", "DWARF", exe)
        os.makedirs(os.path.dirname(dwarf), exist_ok=True)
        with open(dwarf, "wb") as f:
            f.write(b"fake DWARF uuid=%s arch=arm64\n" % slice_uuid.encode())
    profile, identity, _ = chosen.get(app.name, (None, None, {}))
    info = {
        "ApplicationProperties": {
            "ApplicationPath": app_rel,
            "Architectures": ["arm64"],
            "CFBundleIdentifier": s.get("PRODUCT_BUNDLE_IDENTIFIER", ""),
            "CFBundleShortVersionString": s.get("MARKETING_VERSION", ""),
            "CFBundleVersion": s.get("CURRENT_PROJECT_VERSION", ""),
            "SigningIdentity": identity or writer.default_identity(),
            "Team": s.get("DEVELOPMENT_TEAM", ""),
        },
        "ArchiveVersion": 2,
        "CreationDate": datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0, tzinfo=None),
        "Name": build.scheme.name,
        "SchemeName": build.scheme.name,
    }
    if not is_app:
        del info["ApplicationProperties"]
    _write_plist(os.path.join(root, "Info.plist"), info)


# ---------------------------------------------------------------------------------------------
# -exportArchive

METHODS = {"app-store-connect": "app-store", "release-testing": "ad-hoc", "debugging": "development"}


def nested_bundles(app):
    """The signed bundles of an .app: itself and, recursively, PlugIns/*.appex,
    Extensions/*.appex, Watch/*.app, AppClips/*.app (macOS: under Contents/)."""
    result = [app]
    base = os.path.join(app, "Contents") if os.path.isdir(os.path.join(app, "Contents")) else app
    for folder, suffix in (("PlugIns", ".appex"), ("Extensions", ".appex"), ("Watch", ".app"), ("AppClips", ".app")):
        d = os.path.join(base, folder)
        if os.path.isdir(d):
            for name in sorted(os.listdir(d)):
                if name.endswith(suffix):
                    result.extend(nested_bundles(os.path.join(d, name)))
    return result


def bundle_info(bundle):
    for p in (os.path.join(bundle, "Contents", "Info.plist"), os.path.join(bundle, "Info.plist")):
        if os.path.isfile(p):
            with open(p, "rb") as f:
                try:
                    return plistlib.load(f)
                except Exception:
                    return {}
    return {}


def signed_entitlements(bundle):
    """The entitlements the archive signed a bundle with (the fake's CodeResources records them)."""
    for p in (os.path.join(bundle, "Contents", "_CodeSignature", "CodeResources"), os.path.join(bundle, "_CodeSignature", "CodeResources")):
        if os.path.isfile(p):
            try:
                with open(p, "rb") as f:
                    return plistlib.load(f).get("FakeEntitlements") or {}
            except Exception:
                return {}
    return {}


def export_fail(message):
    err("error: exportArchive: " + message)
    out("** EXPORT FAILED **")
    return 70


def export_archive(args):
    archive_path = args.get("-archivePath", "")
    options_path = args.get("-exportOptionsPlist", "")
    export_path = args.get("-exportPath", "")
    # As the real one does, an export needs the archive and the export options to exist.
    for each in (archive_path, options_path):
        if not each or not os.path.exists(each):
            err("error: exportArchive: no such file or folder: '%s'" % each)
            out("** EXPORT FAILED **")
            return 70
    if os.environ.get("FAKE_XCODEBUILD_FAIL") == "export":
        out("Exported App to: %s" % export_path)
        err("error: exportArchive: No profiles for 'com.example.app' were found")
        out("** EXPORT FAILED **")
        return 70
    with open(options_path, "rb") as f:
        try:
            options = plistlib.load(f)
        except Exception:
            return export_fail("The data couldn\u2019t be read because it isn\u2019t in the correct format.")
    method = METHODS.get(options.get("method", "development"), options.get("method", "development"))
    style = options.get("signingStyle", "automatic")
    mapping = options.get("provisioningProfiles") or {}
    team = options.get("teamID", "")
    home = os.environ.get("HOME", "/nonexistent")
    info_path = os.path.join(archive_path, "Info.plist")
    archive_info = {}
    if os.path.isfile(info_path):
        with open(info_path, "rb") as f:
            try:
                archive_info = plistlib.load(f)
            except Exception:
                archive_info = {}
    app_rel = (archive_info.get("ApplicationProperties") or {}).get("ApplicationPath")
    app = os.path.join(archive_path, "Products", app_rel) if app_rel else None
    if not app or not os.path.isdir(app):
        apps = sorted(d for d in os.listdir(os.path.join(archive_path, "Products", "Applications"))) \
            if os.path.isdir(os.path.join(archive_path, "Products", "Applications")) else []
        app = os.path.join(archive_path, "Products", "Applications", apps[0]) if apps else None
    if app is None:
        return export_fail("The archive has no application (Products/Applications is empty).")
    name = archive_info.get("Name") or os.path.splitext(os.path.basename(app))[0]
    mac = method in ("developer-id", "mac-application") or os.path.isdir(os.path.join(app, "Contents"))
    certificate = options.get("signingCertificate", "")
    profiles = signing.installed_profiles(home)
    if mac and certificate and signing.find_identity(signing.keychain_identities(home), certificate, profiles) is None:
        err('error: exportArchive: No signing certificate "%s" found' % certificate)
        out("** EXPORT FAILED **")
        return 70
    chosen = {}
    errors = []
    mac_team = team or (archive_info.get("ApplicationProperties") or {}).get("Team", "")
    for bundle in nested_bundles(app):
        info = bundle_info(bundle)
        bundle_id = info.get("CFBundleIdentifier", "")
        label = os.path.basename(bundle)
        platform = "macosx" if mac else ("watchos" if info.get("WKApplication") else "iphoneos")
        ext = signing.profile_extension(platform)
        if style == "manual":
            spec = mapping.get(bundle_id)
            if not spec:
                if mac and method == "developer-id":
                    # Developer ID signs without a profile unless the bundle's signed
                    # entitlements are restricted (Apple TN3125).
                    features = signing.mac_features_needing_profile(signed_entitlements(bundle), mac_team)
                    if not features:
                        continue
                    # [seen] fastlane #13634, #21932 (the export's wording for a missing capability)
                    errors.append('"%s" requires a provisioning profile with the %s %s.'
                                  % (label, signing._join(features), "feature" if len(features) == 1 else "features"))
                    continue
                # [seen] fastlane/fastlane #10315, #13339: "X.appex" requires a provisioning profile.
                errors.append('"%s" requires a provisioning profile.' % label)
                continue
            profile = next((p for p in profiles if p.path.endswith(ext) and (p.name == spec or p.uuid.lower() == spec.lower())), None)
            if profile is None:
                errors.append("No profile for team '%s' matching '%s' found: Xcode couldn't find any provisioning profiles matching "
                              "'%s/%s'. Install the profile (by dragging and dropping it onto Xcode's dock item) or select a "
                              "different one in the Signing & Capabilities tab of the target editor." % (team, spec, team, spec))
                continue
            problems = []
            if not profile.matches_bundle(bundle_id):
                problems.append('Provisioning profile "%s" has app ID "%s", which does not match the bundle ID "%s".'
                                % (profile.name, profile.bundle_pattern, bundle_id))
            if profile.expired():
                problems.append('Provisioning profile "%s" expired on %s.' % (profile.name, signing.expiry_text(profile)))
            fits = profile.kind() == method or (method == "mac-application" and profile.kind() == "app-store") \
                or (method == "validation")
            if not fits:
                # [guess] in the wording of Xcode's "couldn't find any iOS Ad Hoc provisioning profiles"
                problems.append('Provisioning profile "%s" is not an %s profile (it is %s).'
                                % (profile.name, method, profile.kind()))
            if certificate and not mac:
                # [seen] Tests/NightshiftAppleTests/Fixtures/xcodebuild/export-provisioning.txt, fastlane #13339
                identity = signing.find_identity(signing.keychain_identities(home), certificate, profiles)
                if identity is None:
                    problems.append('No signing certificate "%s" found' % certificate)
                elif identity not in profile.certificates:
                    problems.append('Provisioning profile "%s" doesn\'t include signing certificate "%s".' % (profile.name, identity))
            problems.extend(signing.export_entitlement_errors(label, profile, signed_entitlements(bundle)))
            if problems:
                errors.extend(problems)
                continue
            chosen[bundle] = profile
        else:
            if mac and method == "developer-id" and not signing.mac_features_needing_profile(signed_entitlements(bundle), mac_team):
                continue  # nothing restricted: Developer ID needs no profile (TN3125)
            candidates = [p for p in profiles if p.path.endswith(ext) and p.matches_bundle(bundle_id) and p.kind() == method
                          and not p.expired()]
            if not candidates:
                kind = {"app-store": "App Store", "ad-hoc": "Ad Hoc", "development": "Development", "enterprise": "In House",
                        "developer-id": "Developer ID"}.get(method, method)
                # [seen] fastlane/fastlane #9458
                errors.append("No profiles for '%s' were found: Xcode couldn't find any %s %s provisioning profiles matching '%s'."
                              % (bundle_id, "macOS" if mac else "iOS", kind, bundle_id))
                continue
            chosen[bundle] = candidates[0]
    if errors:
        for e in errors:
            err("error: exportArchive: " + e)
        out("** EXPORT FAILED **")
        return 70
    os.makedirs(export_path, exist_ok=True)
    shutil.copyfile(options_path, os.path.join(export_path, "ExportOptions.plist"))
    if mac:
        # A Developer ID (or Mac application) export is the archive's app, re-signed.
        dest = os.path.join(export_path, os.path.basename(app))
        if os.path.exists(dest):
            shutil.rmtree(dest)
        shutil.copytree(app, dest)
        for bundle, profile in chosen.items():
            rel = os.path.relpath(bundle, app)
            target_bundle = os.path.normpath(os.path.join(dest, rel))
            with open(os.path.join(target_bundle, "Contents", "embedded.provisionprofile"), "wb") as f:
                f.write(profile.data)
        os.makedirs(os.path.join(dest, "Contents", "_CodeSignature"), exist_ok=True)
        with open(os.path.join(dest, "Contents", "_CodeSignature", "CodeResources"), "w") as f:
            f.write((certificate or "Developer ID Application") + "\n")
    else:
        ipa = os.path.join(export_path, os.path.splitext(os.path.basename(app))[0] + ".ipa")
        payload = "Payload/" + os.path.basename(app)
        import zipfile
        with zipfile.ZipFile(ipa, "w", zipfile.ZIP_DEFLATED) as z:
            for folder, _, files in os.walk(app):
                for fname in sorted(files):
                    full = os.path.join(folder, fname)
                    rel = os.path.relpath(full, app)
                    bundle_dir = os.path.dirname(full)
                    if fname == "embedded.mobileprovision" and bundle_dir in chosen:
                        continue  # replaced by the export's profile below
                    z.write(full, payload + "/" + rel)
            for bundle, profile in chosen.items():
                rel = os.path.relpath(os.path.join(bundle, "embedded.mobileprovision"), app)
                z.writestr(payload + "/" + rel, profile.data)
    out("Exported %s to: %s" % (name, export_path))
    out("** EXPORT SUCCEEDED **")
    return 0
