"""Xcode projects, workspaces and schemes on disk, the build graph of a scheme, and every
target's build settings.

Formats: project.pbxproj is an old-style ASCII plist (asciiplist.py) of objects keyed by 24-hex
ids (isa PBXProject, PBXNativeTarget, XCBuildConfiguration, XCConfigurationList, PBXGroup,
PBXFileReference, PBXFileSystemSynchronizedRootGroup, PBXTargetDependency, PBXCopyFilesBuildPhase,
XCSwiftPackageProductDependency, XCLocalSwiftPackageReference, XCRemoteSwiftPackageReference).
Schemes are XML (.xcscheme) under xcshareddata/xcschemes and xcuserdata/*/xcschemes; a workspace
is contents.xcworkspacedata (FileRef/Group with `group:`, `container:`, `absolute:`, `self:`
locations).

Build-setting levels, lowest first (Xcode's "Build Settings" documentation, "Levels" view, and
swift-build's Settings.swift): built-in defaults, the project's xcconfig, the project's
settings, the target's xcconfig, the target's settings, then xcodebuild's command-line
NAME=VALUE, then `-xcconfig FILE` ("overrides the command line", man xcodebuild: "-xcconfig
filename: Load the build settings defined in filename when building all targets. These settings
will override all other settings, including settings passed individually on the command line"),
then the file named by XCODE_XCCONFIG_FILE (same man page, highest).

Swift package products are targets of their own in the build graph (swift-build's PIF for
packages: PackagePIFBuilder); they do not see the project's or a target's settings, only the
overriding levels (command line, -xcconfig, XCODE_XCCONFIG_FILE) — which is why a command-line
PROVISIONING_PROFILE_SPECIFIER reaches them.
"""

import glob
import os
import re
import xml.etree.ElementTree as ET

from . import asciiplist
from .macros import Assignment, Evaluator, Table, parse_xcconfig, settings_dict_assignments, split_key


class XcodebuildError(Exception):
    """Ends xcodebuild with `message` (already in the real tool's wording) and `code`."""

    def __init__(self, message, code, stdout=False):
        Exception.__init__(self, message)
        self.message = message
        self.code = code
        self.stdout = stdout


# ---------------------------------------------------------------------------------------------
# Platforms

# SDK family -> (display name, device platform, simulator platform or None)
PLATFORMS = {
    "iphoneos": ("iOS", "iphoneos", "iphonesimulator"),
    "macosx": ("macOS", "macosx", None),
    "watchos": ("watchOS", "watchos", "watchsimulator"),
    "appletvos": ("tvOS", "appletvos", "appletvsimulator"),
    "xros": ("visionOS", "xros", "xrsimulator"),
    "driverkit": ("DriverKit", "driverkit", None),
}
SIMULATOR_OF = {v[2]: k for k, v in PLATFORMS.items() if v[2]}
SDK_VERSION = "26.0"  # the fake is Xcode 26
XCODE_VERSION = "2600"
DESTINATION_PLATFORMS = {
    "ios": "iphoneos", "ios simulator": "iphonesimulator", "macos": "macosx", "watchos": "watchos",
    "watchos simulator": "watchsimulator", "tvos": "appletvos", "tvos simulator": "appletvsimulator",
    "visionos": "xros", "visionos simulator": "xrsimulator", "xros": "xros", "driverkit": "driverkit",
}


def sdk_family(sdkroot):
    """The device family of an SDK: `iphoneos`, `iphoneos26.0`, `iphonesimulator`,
    `/…/iPhoneOS26.0.sdk` -> iphoneos; empty or unknown -> macosx (Xcode's default SDKROOT)."""
    name = os.path.basename(sdkroot or "").lower()
    if name.endswith(".sdk"):
        name = name[:-4]
    for simulator, family in SIMULATOR_OF.items():
        if name.startswith(simulator):
            return family
    for family in PLATFORMS:
        if name.startswith(family):
            return family
    return "macosx"


def parse_destination(text):
    """`generic/platform=iOS`, `platform=iOS Simulator,name=…`, `id=…` -> (dict, platform or None)."""
    fields = {}
    for item in (text or "").split(","):
        key, eq, value = item.partition("=")
        if eq:
            fields[key.strip()] = value.strip()
    platform = fields.get("platform") or fields.get("generic/platform")
    return fields, DESTINATION_PLATFORMS.get(platform.lower()) if platform else None


# Product types: wrapper extension, package type, whether a profile can be embedded.
PRODUCT_TYPES = {
    "com.apple.product-type.application": ("app", "APPL"),
    "com.apple.product-type.application.watchapp": ("app", "APPL"),
    "com.apple.product-type.application.watchapp2": ("app", "APPL"),
    "com.apple.product-type.watchkit-extension": ("appex", "XPC!"),
    "com.apple.product-type.application.watchapp2-container": ("app", "APPL"),
    "com.apple.product-type.application.on-demand-install-capable": ("app", "APPL"),
    "com.apple.product-type.application.messages": ("app", "APPL"),
    "com.apple.product-type.app-extension": ("appex", "XPC!"),
    "com.apple.product-type.app-extension.messages": ("appex", "XPC!"),
    "com.apple.product-type.app-extension.messages-sticker-pack": ("appex", "XPC!"),
    "com.apple.product-type.extensionkit-extension": ("appex", "XPC!"),
    "com.apple.product-type.watchkit2-extension": ("appex", "XPC!"),
    "com.apple.product-type.tv-app-extension": ("appex", "XPC!"),
    "com.apple.product-type.framework": ("framework", "FMWK"),
    "com.apple.product-type.bundle": ("bundle", "BNDL"),
    "com.apple.product-type.bundle.unit-test": ("xctest", "BNDL"),
    "com.apple.product-type.bundle.ui-testing": ("xctest", "BNDL"),
    "com.apple.product-type.xpc-service": ("xpc", "XPC!"),
}
# Types that carry a provisioning profile when signed (Xcode's "requires a provisioning profile"):
# applications (watch apps and App Clips included) and app extensions of every kind.
PROFILE_TYPES = {
    "com.apple.product-type.application",
    "com.apple.product-type.application.watchapp",
    "com.apple.product-type.application.watchapp2",
    "com.apple.product-type.application.watchapp2-container",
    "com.apple.product-type.application.on-demand-install-capable",
    "com.apple.product-type.application.messages",
    "com.apple.product-type.watchkit-extension",
    "com.apple.product-type.app-extension",
    "com.apple.product-type.app-extension.messages",
    "com.apple.product-type.app-extension.messages-sticker-pack",
    "com.apple.product-type.extensionkit-extension",
    "com.apple.product-type.watchkit2-extension",
    "com.apple.product-type.tv-app-extension",
    "com.apple.product-type.xpc-service",
}
APPLICATION_TYPES = {t for t in PROFILE_TYPES if ".application" in t}


# ---------------------------------------------------------------------------------------------
# Projects


class Target:
    """A target of the build graph: a project's native target, or a Swift package's product,
    plugin or resource bundle (`kind` native / package / plugin / bundle)."""

    def __init__(self, project, name, product_type, kind="native", obj=None, oid=None, package=None):
        self.project = project
        self.name = name
        self.product_type = product_type
        self.kind = kind
        self.obj = obj or {}
        self.id = oid
        self.package = package  # PackageInfo for package targets
        self.sdk_hint = None  # package targets: the platform of the target that links them

    @property
    def project_name(self):
        return self.package.name if self.package else self.project.name

    def __repr__(self):
        return "Target(%r, %r)" % (self.name, self.product_type)


class PackageInfo:
    def __init__(self, name, folder):
        self.name = name
        self.folder = folder


class Project:
    def __init__(self, path):
        self.path = os.path.abspath(path.rstrip("/"))
        self.name = os.path.splitext(os.path.basename(self.path))[0]
        pbxproj = os.path.join(self.path, "project.pbxproj")
        if not os.path.isfile(pbxproj):
            raise XcodebuildError(
                "xcodebuild: error: Unable to read project '%s'.\n\tReason: The project '%s' is damaged and cannot be opened. "
                "Examine the project file for invalid edits or unresolved source control conflicts." % (os.path.basename(self.path), self.name), 74)
        self.plist = asciiplist.load(pbxproj)
        self.objects = self.plist["objects"]
        self.root = self.objects[self.plist["rootObject"]]
        self.dir = os.path.normpath(os.path.join(os.path.dirname(self.path), self.root.get("projectDirPath", "")))
        self._paths = {}
        self._walk_group(self.root.get("mainGroup"), self.dir)
        self.targets = []
        for tid in self.root.get("targets", []):
            obj = self.objects[tid]
            self.targets.append(Target(self, obj.get("name", ""), obj.get("productType", ""), "native", obj, tid))

    def _walk_group(self, oid, parent):
        obj = self.objects.get(oid)
        if obj is None:
            return
        path = self._resolve(obj, parent)
        self._paths[oid] = path
        for child in obj.get("children", []):
            self._walk_group(child, path if path is not None else parent)

    def _resolve(self, obj, parent):
        tree = obj.get("sourceTree", "<group>")
        rel = obj.get("path", "")
        if tree == "<group>":
            return os.path.normpath(os.path.join(parent, rel)) if rel else parent
        if tree == "SOURCE_ROOT":
            return os.path.normpath(os.path.join(self.dir, rel))
        if tree == "<absolute>":
            return rel
        return None

    def file_path(self, oid):
        if oid in self._paths:
            return self._paths[oid]
        obj = self.objects.get(oid, {})
        return self._resolve(obj, self.dir)

    def configuration_names(self):
        lst = self.objects[self.root["buildConfigurationList"]]
        return [self.objects[c]["name"] for c in lst.get("buildConfigurations", [])]

    def default_configuration(self):
        lst = self.objects[self.root["buildConfigurationList"]]
        return lst.get("defaultConfigurationName") or (self.configuration_names() or ["Release"])[-1]

    def configuration(self, list_id, name):
        lst = self.objects.get(list_id, {})
        for c in lst.get("buildConfigurations", []):
            if self.objects[c].get("name") == name:
                return self.objects[c]
        return None

    def base_xcconfig(self, config):
        """The configuration's xcconfig: `baseConfigurationReference` (a PBXFileReference), or
        Xcode 16's `baseConfigurationReferenceAnchor` (a synchronized folder) plus
        `baseConfigurationReferenceRelativePath`."""
        if config is None:
            return None
        if "baseConfigurationReference" in config:
            return self.file_path(config["baseConfigurationReference"])
        if "baseConfigurationReferenceAnchor" in config:
            anchor = self.file_path(config["baseConfigurationReferenceAnchor"])
            if anchor is not None:
                return os.path.join(anchor, config.get("baseConfigurationReferenceRelativePath", ""))
        return None

    def target_by_id(self, oid):
        for t in self.targets:
            if t.id == oid:
                return t
        return None

    def target_by_product(self, file_ref):
        for t in self.targets:
            if t.obj.get("productReference") == file_ref:
                return t
        return None

    def schemes(self):
        """name -> path of every scheme file: shared first, then each user's."""
        found = {}
        patterns = [os.path.join(self.path, "xcshareddata", "xcschemes", "*.xcscheme"),
                    os.path.join(self.path, "xcuserdata", "*.xcuserdatad", "xcschemes", "*.xcscheme")]
        for pattern in patterns:
            for f in sorted(glob.glob(pattern)):
                found.setdefault(os.path.splitext(os.path.basename(f))[0], f)
        return found

    def package_info(self, dep):
        """The package of an XCSwiftPackageProductDependency."""
        ref = self.objects.get(dep.get("package", ""), {})
        product = dep.get("productName", "")
        if product.startswith("plugin:"):
            product = product[len("plugin:"):]
        if ref.get("isa") == "XCLocalSwiftPackageReference":
            folder = os.path.normpath(os.path.join(self.dir, ref.get("relativePath", "")))
            return PackageInfo(os.path.basename(folder), folder)
        if ref.get("isa") == "XCRemoteSwiftPackageReference":
            url = ref.get("repositoryURL", "").rstrip("/")
            name = os.path.basename(url)
            if name.endswith(".git"):
                name = name[:-4]
            return PackageInfo(name, None)
        # A local package found through the file tree (no package reference), as NetNewsWire's
        # Modules/<Name>: the package is named after its folder; unknown here, the product's name.
        return PackageInfo(product, None)


class Workspace:
    def __init__(self, path):
        self.path = os.path.abspath(path.rstrip("/"))
        self.name = os.path.splitext(os.path.basename(self.path))[0]
        data = os.path.join(self.path, "contents.xcworkspacedata")
        if not os.path.isfile(data):
            raise XcodebuildError("xcodebuild: error: '%s' is not a workspace file." % path, 66)
        tree = ET.parse(data).getroot()
        self.projects = []
        container_dir = os.path.dirname(self.path)
        self._collect(tree, container_dir, container_dir)

    def _location(self, location, group_dir, container_dir):
        kind, _, rel = location.partition(":")
        if kind == "group":
            return os.path.normpath(os.path.join(group_dir, rel))
        if kind == "container":
            return os.path.normpath(os.path.join(container_dir, rel))
        if kind == "absolute":
            return rel
        if kind == "self":
            # project.xcworkspace inside an .xcodeproj: the project itself.
            return os.path.dirname(self.path)
        return None

    def _collect(self, element, group_dir, container_dir):
        for child in element:
            location = child.get("location", "")
            path = self._location(location, group_dir, container_dir)
            if child.tag == "FileRef" and path and path.endswith(".xcodeproj"):
                if os.path.isdir(path):
                    self.projects.append(Project(path))
            elif child.tag == "Group":
                self._collect(child, path or group_dir, container_dir)

    def schemes(self):
        found = {}
        for pattern in [os.path.join(self.path, "xcshareddata", "xcschemes", "*.xcscheme"),
                        os.path.join(self.path, "xcuserdata", "*.xcuserdatad", "xcschemes", "*.xcscheme")]:
            for f in sorted(glob.glob(pattern)):
                found.setdefault(os.path.splitext(os.path.basename(f))[0], f)
        for p in self.projects:
            for name, f in p.schemes().items():
                found.setdefault(name, f)
        return found


class Scheme:
    def __init__(self, path, projects):
        self.path = path
        self.name = os.path.splitext(os.path.basename(path))[0]
        root = ET.parse(path).getroot()
        self.entries = []  # (target, flags)
        build = root.find("BuildAction")
        if build is not None:
            for entry in build.iter("BuildActionEntry"):
                ref = entry.find("BuildableReference")
                if ref is None:
                    continue
                target = _resolve_reference(ref, _container_folder(path), projects)
                if target is not None:
                    self.entries.append((target, dict(entry.attrib)))
        archive = root.find("ArchiveAction")
        self.archive_configuration = archive.get("buildConfiguration", "Release") if archive is not None else "Release"
        launch = root.find("LaunchAction")
        self.launch_configuration = launch.get("buildConfiguration", "Debug") if launch is not None else "Debug"

    def targets_for(self, action):
        flag = "buildForArchiving" if action == "archive" else "buildForRunning"
        return [t for t, flags in self.entries if flags.get(flag, "YES") == "YES"]


def _container_folder(scheme_path):
    """The folder holding the .xcodeproj or .xcworkspace a scheme file belongs to (shared:
    X/xcshareddata/xcschemes/S.xcscheme; a user's: X/xcuserdata/U.xcuserdatad/xcschemes/S.xcscheme)."""
    folder = os.path.dirname(scheme_path)
    while folder and folder != os.path.dirname(folder):
        if folder.endswith((".xcodeproj", ".xcworkspace")):
            return os.path.dirname(folder)
        folder = os.path.dirname(folder)
    return os.path.dirname(scheme_path)


def _resolve_reference(ref, container_dir, projects):
    """A BuildableReference's target: ReferencedContainer `container:X.xcodeproj` is relative to
    the folder holding the scheme's container (the .xcodeproj or .xcworkspace)."""
    container = ref.get("ReferencedContainer", "")
    kind, _, rel = container.partition(":")
    path = os.path.normpath(os.path.join(container_dir, rel)) if kind == "container" else rel
    for p in projects:
        if p.path == os.path.abspath(path):
            t = p.target_by_id(ref.get("BlueprintIdentifier"))
            if t is not None:
                return t
    for p in projects:
        t = p.target_by_id(ref.get("BlueprintIdentifier"))
        if t is not None:
            return t
    return None


def autocreated_scheme(project, target):
    """Xcode makes a scheme per target when a project has none (the "Autocreate schemes" option)."""
    s = Scheme.__new__(Scheme)
    s.path = None
    s.name = target.name
    s.entries = [(target, {})]
    s.archive_configuration = "Release"
    s.launch_configuration = "Debug"
    return s


# ---------------------------------------------------------------------------------------------
# Container selection (xcodebuild's -project / -workspace / current folder)


class Container:
    def __init__(self, workspace=None, project=None):
        self.workspace = workspace
        self.project = project
        self.projects = workspace.projects if workspace else [project]
        self.name = (workspace or project).name
        self.kind = "workspace" if workspace else "project"

    def scheme_paths(self):
        return (self.workspace or self.project).schemes()

    def scheme(self, name):
        paths = self.scheme_paths()
        if name in paths:
            return Scheme(paths[name], self.projects)
        if not paths:
            for p in self.projects:
                for t in p.targets:
                    if t.name == name:
                        return autocreated_scheme(p, t)
        raise XcodebuildError(
            'xcodebuild: error: The %s named "%s" does not contain a scheme named "%s". '
            'The "-list" option can be used to find the names of the schemes in the %s.' % (self.kind, self.name, name, self.kind), 65)

    def scheme_names(self):
        names = list(self.scheme_paths())
        if not names:
            names = [t.name for p in self.projects for t in p.targets]
        return sorted(names)


def open_container(project=None, workspace=None, cwd="."):
    """Real texts: `xcodebuild: error: 'X.xcodeproj' does not exist.` (exit 66, EX_NOINPUT; text
    and status seen in bitrise-io/codesigndoc #4 and CocoaPods #6021, older Xcodes, not checked
    against Xcode 26); with neither flag and no project in the folder: `xcodebuild:
    error: The directory /path does not contain an Xcode project, workspace or package.` (66);
    several projects: `xcodebuild: error: The directory /path contains N projects, including
    multiple projects with the current extension (.xcodeproj). Specify the project to use with
    the -project option.` (64)."""
    if workspace:
        if not os.path.isdir(workspace):
            raise XcodebuildError("xcodebuild: error: '%s' does not exist." % workspace, 66)
        return Container(workspace=Workspace(workspace))
    if project:
        if not os.path.isdir(project):
            raise XcodebuildError("xcodebuild: error: '%s' does not exist." % project, 66)
        return Container(project=Project(project))
    found = sorted(f for f in os.listdir(cwd) if f.endswith(".xcodeproj") and os.path.isdir(os.path.join(cwd, f)))
    if not found:
        raise XcodebuildError(
            "xcodebuild: error: The directory %s does not contain an Xcode project, workspace or package." % os.path.abspath(cwd), 66)
    if len(found) > 1:
        raise XcodebuildError(
            "xcodebuild: error: The directory %s contains %d projects, including multiple projects with the current extension "
            "(.xcodeproj). Specify the project to use with the -project option." % (os.path.abspath(cwd), len(found)), 64)
    return Container(project=Project(os.path.join(cwd, found[0])))


# ---------------------------------------------------------------------------------------------
# Build graph


class Build:
    """One xcodebuild invocation's view: container, scheme, action, configuration, destination,
    overriding settings; resolves targets and their settings."""

    def __init__(self, container, scheme, action, configuration, destination=None, command_line=(),
                 xcconfig=None, env_xcconfig=None, derived_data=None, home=None):
        self.container = container
        self.scheme = scheme
        self.action = action
        self.configuration = configuration
        self.destination = destination
        self.destination_fields, self.destination_platform = parse_destination(destination)
        self.diagnostics = []
        self.overrides = []  # the command line, -xcconfig, XCODE_XCCONFIG_FILE, in that order
        for item in command_line:
            m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])*)=(.*)$", item, re.S)
            split = split_key(m.group(1)) if m else None
            if split:
                self.overrides.append(Assignment(split[0], split[1], m.group(2), "command line"))
        for path in (xcconfig, env_xcconfig):
            if path:
                if not os.path.isfile(path):
                    self.diagnostics.append(("error", "could not find included file '%s' in search paths" % path))
                    continue
                self.overrides.extend(parse_xcconfig(path, self.diagnostics))
        self.home = home or os.environ.get("HOME", "/nonexistent")
        self.derived_data = derived_data or os.path.join(
            self.home, "Library/Developer/Xcode/DerivedData", "%s-fakehash" % container.name)
        self._evaluators = {}

    # -- graph

    def targets(self):
        """Every target of the scheme's build graph, dependencies first (the order Xcode builds
        and -showBuildSettings lists them)."""
        order = []
        seen = set()
        for top in self.scheme.targets_for(self.action):
            self._visit(top, order, seen, ())
        return order

    def _key(self, target):
        return (target.kind, target.project_name, target.name, target.sdk_hint if target.kind != "native" else None)

    def _visit(self, target, order, seen, path):
        key = self._key(target)
        if key in seen or key in path:
            return
        path = path + (key,)
        if target.kind == "native":
            project = target.project
            sdk = self.settings(target).get("SDKROOT", "")
            for dep_id in target.obj.get("dependencies", []):
                dep = project.objects.get(dep_id, {})
                if "target" in dep:
                    t = project.target_by_id(dep["target"])
                    if t is not None:
                        self._visit(t, order, seen, path)
                elif "productRef" in dep:
                    for t in self._package_targets(project, dep["productRef"], sdk):
                        self._visit(t, order, seen, path)
            for t, _ in self.embedded(target):
                self._visit(t, order, seen, path)
            for ref in target.obj.get("packageProductDependencies", []):
                for t in self._package_targets(project, ref, sdk):
                    self._visit(t, order, seen, path)
        seen.add(key)
        order.append(target)

    def _package_targets(self, project, ref, sdk):
        dep = project.objects.get(ref, {})
        product = dep.get("productName", "")
        info = project.package_info(dep)
        if product.startswith("plugin:"):
            # A build-tool plugin: built and run on the host (macOS), like Xcode's plugin targets.
            t = Target(project, product[len("plugin:"):], "com.apple.product-type.tool", "plugin", package=info)
            t.sdk_hint = "macosx"
            return [t]
        result = []
        if info.folder and (os.path.isdir(os.path.join(info.folder, "Sources", product, "Resources"))
                            or os.path.isdir(os.path.join(info.folder, "Resources"))):
            # SwiftPM makes a resource bundle `<Package>_<Target>` for a target with resources.
            b = Target(project, "%s_%s" % (info.name, product), "com.apple.product-type.bundle", "bundle", package=info)
            b.sdk_hint = sdk_family(sdk)
            result.append(b)
        # Xcode builds a package library product as an object file target (PRODUCT_TYPE
        # com.apple.product-type.objfile, EXECUTABLE_SUFFIX .o) linked into its client.
        t = Target(project, product, "com.apple.product-type.objfile", "package", package=info)
        t.sdk_hint = sdk_family(sdk)
        result.append(t)
        return result

    def embedded(self, target):
        """(target, copy phase) for every product a target's copy-files phases embed."""
        result = []
        if target.kind != "native":
            return result
        project = target.project
        for phase_id in target.obj.get("buildPhases", []):
            phase = project.objects.get(phase_id, {})
            if phase.get("isa") != "PBXCopyFilesBuildPhase":
                continue
            for file_id in phase.get("files", []):
                ref = project.objects.get(file_id, {}).get("fileRef")
                t = project.target_by_product(ref) if ref else None
                if t is not None:
                    result.append((t, phase))
        return result

    def embed_folder(self, parent, phase):
        """Where a copy-files phase puts its files, relative to the parent's bundle folder
        (dstSubfolderSpec: 1 wrapper, 6 executables, 7 resources, 10 frameworks, 11 shared
        frameworks, 12 shared support, 13 plug-ins, 16 products directory + dstPath)."""
        s = self.settings(parent)
        spec = phase.get("dstSubfolderSpec", "16")
        dst = self.evaluator(parent).evaluate(phase.get("dstPath", ""))
        folders = {"1": "CONTENTS_FOLDER_PATH", "6": "EXECUTABLE_FOLDER_PATH", "7": "UNLOCALIZED_RESOURCES_FOLDER_PATH",
                   "10": "FRAMEWORKS_FOLDER_PATH", "11": "SHARED_FRAMEWORKS_FOLDER_PATH", "12": "SHARED_SUPPORT_FOLDER_PATH",
                   "13": "PLUGINS_FOLDER_PATH"}
        base = s.get(folders[spec], "") if spec in folders else ""
        full = os.path.normpath(os.path.join(base, dst)) if (base or dst) else ""
        wrapper = s.get("WRAPPER_NAME", "")
        if full == wrapper:
            return ""
        if wrapper and full.startswith(wrapper + "/"):
            return full[len(wrapper) + 1:]
        return full

    # -- settings

    def levels(self, target):
        """The assignment levels of a target, lowest first (defaults excluded)."""
        if target.kind != "native":
            return [self.overrides]
        project = target.project
        result = []
        pconfig = project.configuration(project.root.get("buildConfigurationList"), self.configuration)
        tconfig = project.configuration(target.obj.get("buildConfigurationList"), self.configuration)
        if tconfig is None:
            raise XcodebuildError('xcodebuild: error: The project named "%s" does not contain a build configuration named "%s".'
                                  % (project.name, self.configuration), 65)
        for config in (pconfig, tconfig):
            level = []
            base = project.base_xcconfig(config)
            if base:
                if os.path.isfile(base):
                    level.extend(parse_xcconfig(base, self.diagnostics))
                else:
                    self.diagnostics.append(("error", "could not find included file '%s' in search paths" % base))
            result.append(level)
            result.append(settings_dict_assignments((config or {}).get("buildSettings", {}), "%s buildSettings" % project.name))
        result.append(self.overrides)
        return result

    def _table(self, target, defaults):
        t = Table()
        t.push_level(defaults)
        for level in self.levels(target):
            t.push_level(level)
        return t

    def evaluator(self, target):
        key = self._key(target)
        if key in self._evaluators:
            return self._evaluators[key]
        params = {"config": self.configuration}
        # SDKROOT first (it decides the sdk condition), without the sdk/arch conditions.
        first = Evaluator(self._table(target, [Assignment("SDKROOT", [], target.sdk_hint or "macosx")]), dict(params))
        sdkroot = first.value("SDKROOT")
        if target.kind != "native" and target.sdk_hint:
            family = target.sdk_hint
        else:
            family = sdk_family(sdkroot)
        display, device, simulator = PLATFORMS.get(family, PLATFORMS["macosx"])
        platform = device
        wants_simulator = (self.destination_platform or "").endswith("simulator") or "simulator" in os.path.basename(sdkroot or "").lower()
        if wants_simulator and simulator:
            platform = simulator
        arch = "arm64"
        params.update({"sdk": platform + SDK_VERSION, "arch": arch, "platform": platform, "variant": "normal"})
        defaults = self.defaults(target, sdkroot if target.kind == "native" else family, platform, display)
        ev = Evaluator(self._table(target, defaults), params)
        self._evaluators[key] = ev
        return ev

    def settings(self, target):
        """Every setting of a target, resolved: name -> string."""
        ev = self.evaluator(target)
        if not hasattr(ev, "resolved"):
            ev.resolved = {}
            for name in sorted(ev.names()):
                ev.resolved[name] = ev.value(name)
        return ev.resolved

    def defaults(self, target, sdkroot, platform, display):
        """Built-in settings (Xcode's defaults and the SDK's), as expressions like Xcode's own."""
        ptype = target.product_type
        wrapper, package_type = PRODUCT_TYPES.get(ptype, ("", ""))
        mac = platform == "macosx"
        family = SIMULATOR_OF.get(platform, platform)
        supported = " ".join(p for p in PLATFORMS[family][1:] if p) if target.kind == "native" else \
            "macosx iphoneos iphonesimulator appletvos appletvsimulator watchos watchsimulator xros xrsimulator"
        project_dir = target.project.dir if target.kind == "native" else (
            target.package.folder or os.path.join(self.derived_data, "SourcePackages", "checkouts", target.package.name))
        d = {
            "ACTION": "install" if self.action == "archive" else "build",
            "ARCHS_STANDARD": "arm64 x86_64" if mac else "arm64",
            "ARCHS": "$(ARCHS_STANDARD)",
            "CURRENT_ARCH": "arm64",
            "NATIVE_ARCH": "arm64",
            "CONFIGURATION": self.configuration,
            "SDKROOT": sdkroot or "macosx",
            "SDK_NAME": platform + SDK_VERSION,
            "SDK_VERSION": SDK_VERSION,
            "PLATFORM_NAME": platform,
            "PLATFORM_DISPLAY_NAME": display + (" Simulator" if platform.endswith("simulator") else ""),
            "EFFECTIVE_PLATFORM_NAME": "" if mac else "-" + platform,
            "SUPPORTED_PLATFORMS": supported,
            "DEVELOPER_DIR": "/Applications/Xcode.app/Contents/Developer",
            "XCODE_VERSION_MAJOR": XCODE_VERSION,
            "XCODE_VERSION_ACTUAL": XCODE_VERSION,
            "PROJECT_NAME": target.project_name,
            "PROJECT": target.project_name,
            "PROJECT_DIR": project_dir,
            "SRCROOT": project_dir,
            "SOURCE_ROOT": project_dir,
            "PROJECT_FILE_PATH": target.project.path if target.kind == "native" else os.path.join(project_dir, "Package.swift"),
            "TARGET_NAME": target.name,
            "TARGETNAME": target.name,
            "PRODUCT_NAME": "$(TARGET_NAME)",
            "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
            "PRODUCT_TYPE": ptype,
            "SYMROOT": os.path.join(self.derived_data, "Build", "Products"),
            "OBJROOT": os.path.join(self.derived_data, "Build", "Intermediates.noindex"),
            "BUILD_DIR": "$(SYMROOT)",
            "BUILD_ROOT": "$(SYMROOT)",
            "CONFIGURATION_BUILD_DIR": "$(BUILD_DIR)/$(CONFIGURATION)$(EFFECTIVE_PLATFORM_NAME)",
            "BUILT_PRODUCTS_DIR": "$(CONFIGURATION_BUILD_DIR)",
            "TARGET_BUILD_DIR": "$(CONFIGURATION_BUILD_DIR)",
            "EXECUTABLE_PREFIX": "",
            "EXECUTABLE_SUFFIX": ".o" if ptype == "com.apple.product-type.objfile" else "",
            "EXECUTABLE_NAME": "$(EXECUTABLE_PREFIX)$(PRODUCT_NAME)$(EXECUTABLE_SUFFIX)",
            "DWARF_DSYM_FILE_NAME": "$(FULL_PRODUCT_NAME).dSYM",
            "CODE_SIGNING_ALLOWED": "YES",
            "LOCAL_LIBRARY_DIR": "/Library",
            "LOCAL_APPS_DIR": "/Applications",
            "ENTITLEMENTS_REQUIRED": "YES" if ptype in PROFILE_TYPES else "NO",
        }
        if wrapper:
            contents = "$(WRAPPER_NAME)/Contents" if mac and wrapper != "framework" else "$(WRAPPER_NAME)"
            d.update({
                "WRAPPER_EXTENSION": wrapper,
                "WRAPPER_SUFFIX": ".$(WRAPPER_EXTENSION)",
                "WRAPPER_NAME": "$(PRODUCT_NAME).$(WRAPPER_EXTENSION)",
                "FULL_PRODUCT_NAME": "$(WRAPPER_NAME)",
                "PRODUCT_BUNDLE_PACKAGE_TYPE": package_type,
                "CONTENTS_FOLDER_PATH": contents,
                "INFOPLIST_PATH": "$(CONTENTS_FOLDER_PATH)/Info.plist",
                "EXECUTABLE_FOLDER_PATH": "$(CONTENTS_FOLDER_PATH)/MacOS" if mac and wrapper != "framework" else "$(CONTENTS_FOLDER_PATH)",
                "EXECUTABLE_PATH": "$(EXECUTABLE_FOLDER_PATH)/$(EXECUTABLE_NAME)",
                "UNLOCALIZED_RESOURCES_FOLDER_PATH": "$(CONTENTS_FOLDER_PATH)/Resources" if mac else "$(CONTENTS_FOLDER_PATH)",
                "FRAMEWORKS_FOLDER_PATH": "$(CONTENTS_FOLDER_PATH)/Frameworks",
                "SHARED_FRAMEWORKS_FOLDER_PATH": "$(CONTENTS_FOLDER_PATH)/SharedFrameworks",
                "SHARED_SUPPORT_FOLDER_PATH": "$(CONTENTS_FOLDER_PATH)/SharedSupport",
                "PLUGINS_FOLDER_PATH": "$(CONTENTS_FOLDER_PATH)/PlugIns",
                "EXTENSIONS_FOLDER_PATH": "$(CONTENTS_FOLDER_PATH)/Extensions",
            })
        else:
            d["FULL_PRODUCT_NAME"] = "$(EXECUTABLE_NAME)"
        if target.kind != "native":
            d["PACKAGE_NAME"] = target.package.name
            # SwiftPM's resource bundles: `<package>.<target>.resources`.
            d["PRODUCT_BUNDLE_IDENTIFIER"] = "%s.%s.resources" % (target.package.name, target.name.split("_", 1)[-1]) \
                if target.kind == "bundle" else ""
        if self.action == "archive":
            d["DEPLOYMENT_LOCATION"] = "YES"
            if ptype in APPLICATION_TYPES:
                d["INSTALL_PATH"] = "$(LOCAL_APPS_DIR)"
        return [Assignment(k, [], v, "default") for k, v in d.items()]
