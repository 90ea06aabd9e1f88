"""Provisioning profiles, the fake keychains, entitlements, and Xcode's signing checks.

Error texts: those marked [seen] are quoted from real xcodebuild output in public issue threads
(fastlane/fastlane #18889, #13339, #10315, Expensify/App #26899, achorein/expo-share-intent #181,
faithfracture/update_provisioning_profile_specifier #4); [brief] were given with the task (real
Xcode texts); [guess] are in Xcode's style but not checked against a real run.
"""

import datetime
import fnmatch
import glob
import hashlib
import os
import plistlib

# Xcode 16 and later read installed profiles from here only (Xcode 15 used
# ~/Library/MobileDevice/Provisioning Profiles; LoopKit/Loop #2226 documents the move).
PROFILES_DIR = "Library/Developer/Xcode/UserData/Provisioning Profiles"


class Profile:
    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            self.data = f.read()
        start = self.data.find(b"<?xml")
        end = self.data.find(b"</plist>", start)
        if start < 0 or end < 0:
            raise ValueError("%s: no property list inside" % path)
        self.plist = plistlib.loads(self.data[start:end + len(b"</plist>")])
        p = self.plist
        self.name = p.get("Name", "")
        self.uuid = p.get("UUID", "")
        self.team = (p.get("TeamIdentifier") or [""])[0]
        self.team_name = p.get("TeamName", "")
        self.platforms = p.get("Platform") or ["iOS"]
        self.entitlements = p.get("Entitlements") or {}
        self.app_id = self.entitlements.get("application-identifier") or self.entitlements.get("com.apple.application-identifier", "")
        prefix = (p.get("ApplicationIdentifierPrefix") or [self.team])[0]
        self.bundle_pattern = self.app_id[len(prefix) + 1:] if self.app_id.startswith(prefix + ".") else self.app_id
        self.expiration = p.get("ExpirationDate")
        self.devices = p.get("ProvisionedDevices") or []
        self.all_devices = bool(p.get("ProvisionsAllDevices"))
        self.get_task_allow = bool(self.entitlements.get("get-task-allow"))
        ders = [bytes(c) for c in p.get("DeveloperCertificates") or []]
        self.certificates = [certificate_common_name(d) for d in ders]
        # SHA-1 of each certificate -> its common name (codesign also takes an identity's SHA-1).
        self.certificate_hashes = {hashlib.sha1(d).hexdigest().upper(): certificate_common_name(d) for d in ders}

    def matches_bundle(self, bundle_id):
        return fnmatch.fnmatchcase(bundle_id, self.bundle_pattern)

    def expired(self, now=None):
        if self.expiration is None:
            return False
        now = now or datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)
        exp = self.expiration.replace(tzinfo=None) if self.expiration.tzinfo else self.expiration
        return exp <= now

    def kind(self):
        """The distribution method the profile fits: development, ad-hoc, enterprise,
        app-store (iOS), or developer-id / mac-application (macOS)."""
        if self.get_task_allow:
            return "development"
        if self.all_devices:
            return "developer-id" if "OSX" in self.platforms else "enterprise"
        if self.devices:
            return "ad-hoc"
        return "app-store"


def certificate_common_name(der):
    """The subject's CN of a DER certificate: the last commonName (2.5.4.3) attribute, the
    subject coming after the issuer in TBSCertificate."""
    oid = b"\x06\x03\x55\x04\x03"
    at = der.rfind(oid)
    if at < 0:
        return ""
    i = at + len(oid)
    tag = der[i]
    length = der[i + 1]
    i += 2
    if length & 0x80:
        n = length & 0x7F
        length = int.from_bytes(der[i:i + n], "big")
        i += n
    raw = der[i:i + length]
    if tag == 0x1E:
        return raw.decode("utf-16-be", "replace")
    if tag == 0x1C:
        return raw.decode("utf-32-be", "replace")
    if tag == 0x14:
        return raw.decode("latin-1")
    return raw.decode("utf-8", "replace")


def installed_profiles(home):
    result = []
    folder = os.path.join(home, PROFILES_DIR)
    for path in sorted(glob.glob(os.path.join(folder, "*"))):
        if path.endswith((".mobileprovision", ".provisionprofile")):
            try:
                result.append(Profile(path))
            except Exception:
                continue
    return result


def profile_extension(platform):
    return ".provisionprofile" if platform == "macosx" else ".mobileprovision"


PLATFORM_OF_SDK = {"iphoneos": "iOS", "iphonesimulator": "iOS", "macosx": "OSX", "watchos": "watchOS",
                   "watchsimulator": "watchOS", "appletvos": "tvOS", "appletvsimulator": "tvOS",
                   "xros": "xrOS", "xrsimulator": "xrOS"}
DISPLAY_OF_SDK = {"iphoneos": "iOS", "macosx": "macOS", "watchos": "watchOS", "appletvos": "tvOS", "xros": "visionOS"}


def find_profile(profiles, specifier, platform):
    """An installed profile named `specifier` (or with that UUID), of the platform's file type
    (.provisionprofile for macOS, .mobileprovision for the others)."""
    ext = profile_extension(platform)
    for p in profiles:
        if p.path.endswith(ext) and (p.name == specifier or p.uuid.lower() == specifier.lower()):
            return p
    return None


# The profile `Platform` values that sign each SDK. The developer portal has iOS, tvOS and macOS
# profiles only: watchOS apps and visionOS apps are signed with iOS profiles (their Platform lists
# iOS, and newer ones also xrOS/visionOS).
ACCEPTED_PLATFORMS = {
    "iphoneos": {"iOS"}, "watchos": {"iOS", "watchOS"}, "appletvos": {"tvOS"},
    "xros": {"iOS", "xrOS", "visionOS"}, "macosx": {"OSX"},
}


def platform_fits(profile, platform):
    return bool(ACCEPTED_PLATFORMS.get(platform, {"iOS"}) & set(profile.platforms))


# ---------------------------------------------------------------------------------------------
# Keychains (the fake `security`'s state: $HOME/.fake-security/search-list names keychain files;
# a keychain file holds lines `identity <common name>`)


def keychain_identities(home):
    search_list = os.path.join(home, ".fake-security", "search-list")
    result = []
    if not os.path.isfile(search_list):
        return result
    with open(search_list, encoding="utf-8") as f:
        keychains = [line.rstrip("\n") for line in f if line.strip()]
    for keychain in keychains:
        if not os.path.isfile(keychain):
            continue
        with open(keychain, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("identity "):
                    result.append(line[len("identity "):].rstrip("\n"))
    return result


def find_identity(identities, wanted, profiles=()):
    """codesign's matching: an exact name, a prefix such as "Apple Distribution" / "iPhone
    Distribution" matching "Apple Distribution: Example Corp (TEAM)", or a certificate's SHA-1
    (40 hex digits; the fake keychain holds names only, so the certificates are looked up in the
    installed profiles and must have the name of an identity in the keychain); empty: any."""
    for name in identities:
        if not wanted or name == wanted:
            return name
    for name in identities:
        if name.startswith(wanted + ":") or name.startswith(wanted + " "):
            return name
    if len(wanted) == 40 and all(c in "0123456789abcdefABCDEF" for c in wanted):
        for p in profiles:
            name = p.certificate_hashes.get(wanted.upper())
            if name in identities:
                return name
    return None


# ---------------------------------------------------------------------------------------------
# Entitlements

# Entitlement keys a profile must grant, and the capability each belongs to (Signing &
# Capabilities names).
CAPABILITIES = {
    "com.apple.security.application-groups": "App Groups",
    "aps-environment": "Push Notifications",
    "com.apple.developer.aps-environment": "Push Notifications",
    "com.apple.developer.associated-domains": "Associated Domains",
    "com.apple.developer.icloud-container-identifiers": "iCloud",
    "com.apple.developer.icloud-services": "iCloud",
    "com.apple.developer.ubiquity-kvstore-identifier": "iCloud",
    "com.apple.developer.healthkit": "HealthKit",
    "com.apple.developer.in-app-payments": "Apple Pay",
    "com.apple.developer.siri": "Siri",
    "com.apple.developer.parent-application-identifiers": "App Clips",
    "com.apple.developer.on-demand-install-capable": "On Demand Install Capable",
}


def needs_grant(key):
    return key.startswith("com.apple.developer.") or key in (
        "aps-environment", "com.apple.security.application-groups", "keychain-access-groups")


def mac_features_needing_profile(entitlements, team):
    """The capabilities (Signing & Capabilities names, else the key) of a macOS bundle's
    entitlements that only a provisioning profile can authorise (Apple TN3125, "Entitlements on
    macOS"): the keys `needs_grant` names, except App Groups whose every group starts with the
    team id (`TEAM.…`, the macOS form, unrestricted). `com.apple.security.*` sandbox and
    hardened-runtime keys need none."""
    features = []
    for key, value in entitlements.items():
        if not needs_grant(key):
            continue
        if key == "com.apple.security.application-groups" and team:
            groups = value if isinstance(value, list) else [value]
            if all(isinstance(g, str) and g.startswith(team + ".") for g in groups):
                continue
        feature = CAPABILITIES.get(key, key)
        if feature not in features:
            features.append(feature)
    return features


def expand_entitlements(value, evaluate):
    if isinstance(value, str):
        return evaluate(value)
    if isinstance(value, list):
        return [expand_entitlements(v, evaluate) for v in value]
    if isinstance(value, dict):
        return {k: expand_entitlements(v, evaluate) for k, v in value.items()}
    return value


def _granted(wanted, allowed):
    """A profile value grants a wanted value: equal, or a `*` wildcard pattern; arrays grant each
    element; `aps-environment` development is granted by production too? no: must be equal."""
    if isinstance(allowed, list):
        return any(_granted(wanted, a) for a in allowed)
    if isinstance(wanted, bool) or isinstance(allowed, bool):
        return wanted == allowed or allowed is True
    if isinstance(allowed, str) and isinstance(wanted, str):
        return wanted == allowed or fnmatch.fnmatchcase(wanted, allowed)
    return wanted == allowed


def _join(items):
    """Xcode's list in a sentence: `a`, `a and b`, `a, b, and c`."""
    if len(items) < 3:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def entitlement_errors(profile, entitlements):
    """The real texts for entitlements the profile does not grant, as xcodebuild prints them
    (public logs: niochat/nio #245, element-hq/element-ios #5815, mozilla-vpn-client #6913):
    - a capability the profile lacks: `doesn't support the App Groups capability.` [given];
    - an App Group or iCloud container it lacks: `doesn't support the group.x App Group.`,
      `doesn't support the iCloud.x iCloud Container.` [seen];
    - then one sentence for the keys: `doesn't include the A and B entitlements` and/or `doesn't
      match the entitlements file's value(s) for the C entitlement(s)` [seen]."""
    errors = []
    missing, mismatched = [], []
    name = profile.name
    for key, value in entitlements.items():
        if not needs_grant(key):
            continue
        if key not in profile.entitlements:
            capability = CAPABILITIES.get(key)
            if capability and ('doesn\'t support the %s capability.' % capability) not in "".join(errors):
                errors.append('Provisioning profile "%s" doesn\'t support the %s capability.' % (name, capability))
            missing.append(key)
            continue
        allowed = profile.entitlements[key]
        wanted = value if isinstance(value, list) else [value]
        if key in ("aps-environment", "com.apple.developer.aps-environment"):
            # Profiles say "production"/"development"; NetNewsWire's entitlements say "Production"
            # and it ships, so the comparison is taken as case-insensitive here ([guess]).
            wanted = [w.lower() if isinstance(w, str) else w for w in wanted]
            allowed = allowed.lower() if isinstance(allowed, str) else allowed
        refused = [w for w in wanted if not _granted(w, allowed)]
        if refused:
            for w in refused:
                if key == "com.apple.security.application-groups":
                    errors.append('Provisioning profile "%s" doesn\'t support the %s App Group.' % (name, w))
                elif key == "com.apple.developer.icloud-container-identifiers":
                    errors.append('Provisioning profile "%s" doesn\'t support the %s iCloud Container.' % (name, w))
            mismatched.append(key)
    parts = []
    if missing:
        parts.append("doesn't include the %s %s" % (_join(missing), "entitlement" if len(missing) == 1 else "entitlements"))
    if mismatched:
        parts.append("doesn't match the entitlements file's %s for the %s %s" % (
            "value" if len(mismatched) == 1 else "values", _join(mismatched), "entitlement" if len(mismatched) == 1 else "entitlements"))
    if parts:
        errors.append('Provisioning profile "%s" %s.' % (name, " and ".join(parts)))
    return errors


def export_entitlement_errors(label, profile, entitlements):
    """At export, a bundle's signed entitlements against the export's profile:
    `"X.appex" requires a provisioning profile with the App Groups feature.` (several:
    `…with the Access Wi-Fi Information, Hotspot, and Push Notifications features.`) [seen:
    fastlane #10315, #13634, #21932]; a value not granted: `Provisioning profile "P" doesn't
    support the group.x App Group.` [seen: mozilla-vpn-client #6913]."""
    features, errors = [], []
    for key, value in entitlements.items():
        if not needs_grant(key):
            continue
        if key not in profile.entitlements:
            feature = CAPABILITIES.get(key, key)
            if feature not in features:
                features.append(feature)
            continue
        for line in entitlement_errors(profile, {key: value}):
            if "App Group." in line or "iCloud Container." in line or "doesn't match" in line:
                errors.append(line)
    if features:
        errors.insert(0, '"%s" requires a provisioning profile with the %s %s.'
                      % (label, _join(features), "feature" if len(features) == 1 else "features"))
    return errors


def read_entitlements(path):
    with open(path, "rb") as f:
        return plistlib.load(f)


def expiry_text(profile):
    """'Sep 6, 2023' as Xcode prints it ([seen] Expensify/App #26899)."""
    d = profile.expiration
    return "%s %d, %d" % (d.strftime("%b"), d.day, d.year)
