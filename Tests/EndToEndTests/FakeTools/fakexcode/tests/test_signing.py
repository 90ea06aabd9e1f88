"""Profiles, identities and entitlements (fakexcode/signing.py)."""

import os
import unittest

from support import IDENTITY, Home
from fakexcode import signing


def profile(name="P", entitlements=None, **fields):
    p = signing.Profile.__new__(signing.Profile)
    p.name = name
    p.entitlements = entitlements or {}
    for k, v in fields.items():
        setattr(p, k, v)
    return p


class EntitlementTests(unittest.TestCase):
    def test_missing_capability(self):
        errors = signing.entitlement_errors(profile(entitlements={"application-identifier": "T.x"}),
                                            {"com.apple.security.application-groups": ["group.x"]})
        self.assertEqual(errors, [
            'Provisioning profile "P" doesn\'t support the App Groups capability.',
            'Provisioning profile "P" doesn\'t include the com.apple.security.application-groups entitlement.'])

    def test_group_not_granted_and_several_keys_in_one_sentence(self):
        p = profile(entitlements={"com.apple.security.application-groups": ["group.other"],
                                  "keychain-access-groups": ["T.*"]})
        errors = signing.entitlement_errors(p, {
            "com.apple.security.application-groups": ["group.x"], "keychain-access-groups": ["T.works.shared"],
            "com.apple.developer.icloud-services": ["CloudKit"], "com.apple.developer.icloud-container-identifiers": ["iCloud.x"],
            "com.apple.security.app-sandbox": True})
        self.assertIn('Provisioning profile "P" doesn\'t support the group.x App Group.', errors)
        self.assertIn('Provisioning profile "P" doesn\'t support the iCloud capability.', errors)
        self.assertEqual(errors[-1], 'Provisioning profile "P" doesn\'t include the com.apple.developer.icloud-services and '
                                     'com.apple.developer.icloud-container-identifiers entitlements and doesn\'t match the '
                                     'entitlements file\'s value for the com.apple.security.application-groups entitlement.')

    def test_wildcards_and_arrays(self):
        p = profile(entitlements={"com.apple.developer.associated-domains": "*", "keychain-access-groups": ["T.*", "com.apple.token"],
                                  "aps-environment": "production"})
        self.assertEqual(signing.entitlement_errors(p, {
            "com.apple.developer.associated-domains": ["applinks:a.b", "appclips:a.b"],
            "keychain-access-groups": ["T.one", "com.apple.token"], "aps-environment": "Production"}), [])
        self.assertEqual(len(signing.entitlement_errors(p, {"aps-environment": "development"})), 1)


class ProfileTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.home = Home()

    @classmethod
    def tearDownClass(cls):
        cls.home.cleanup()

    def test_reads_what_make_signing_fixtures_writes(self):
        path = self.home.profile("Brewer AdHoc", "ABCDE12345.works.sth.*", uuid="AAAAAAAA-0000-4000-8000-000000000001")
        p = signing.Profile(path)
        self.assertEqual((p.name, p.uuid, p.team, p.platforms), ("Brewer AdHoc", "AAAAAAAA-0000-4000-8000-000000000001", "ABCDE12345", ["iOS"]))
        self.assertEqual(p.bundle_pattern, "works.sth.*")
        self.assertTrue(p.matches_bundle("works.sth.brewer.widget"))
        self.assertFalse(p.matches_bundle("works.other"))
        self.assertEqual(p.certificates, [IDENTITY])
        self.assertEqual(p.kind(), "ad-hoc")
        self.assertFalse(p.expired())
        self.assertTrue(os.path.basename(path).endswith(".mobileprovision"))

    def test_kinds_and_platforms(self):
        kinds = {}
        for kind in ("app-store", "development", "enterprise", "developer-id"):
            kinds[kind] = signing.Profile(self.home.profile("K " + kind, "ABCDE12345.x", PROFILE_KIND=kind))
        self.assertEqual({k: p.kind() for k, p in kinds.items()},
                         {"app-store": "app-store", "development": "development", "enterprise": "enterprise", "developer-id": "developer-id"})
        mac = kinds["developer-id"]
        self.assertTrue(mac.path.endswith(".provisionprofile"))
        self.assertEqual(mac.app_id, "ABCDE12345.x")  # from com.apple.application-identifier
        self.assertTrue(signing.platform_fits(mac, "macosx"))
        self.assertFalse(signing.platform_fits(kinds["app-store"], "macosx"))
        self.assertTrue(signing.platform_fits(kinds["app-store"], "watchos"))  # watch apps take iOS profiles
        self.assertFalse(signing.platform_fits(kinds["app-store"], "appletvos"))

    def test_identities(self):
        names = [IDENTITY, "Apple Development: Someone (X)"]
        self.assertEqual(signing.find_identity(names, "Apple Distribution"), IDENTITY)
        self.assertEqual(signing.find_identity(names, "Apple Development"), names[1])
        self.assertEqual(signing.find_identity(names, ""), IDENTITY)
        self.assertIsNone(signing.find_identity(names, "iPhone Distribution"))

    def test_mac_entitlements_needing_a_profile(self):
        """TN3125: sandbox and hardened-runtime keys need no profile; team-prefixed App Groups
        neither; `group.` App Groups, iCloud, push and keychain access groups do."""
        free = {"com.apple.security.app-sandbox": True, "com.apple.security.network.client": True,
                "com.apple.security.cs.allow-jit": True,
                "com.apple.security.application-groups": ["ABCDE12345.works.sth.brewer"]}
        self.assertEqual(signing.mac_features_needing_profile(free, "ABCDE12345"), [])
        self.assertEqual(signing.mac_features_needing_profile(
            dict(free, **{"com.apple.security.application-groups": ["ABCDE12345.a", "group.works.sth.brewer"],
                          "com.apple.developer.icloud-services": ["CloudKit"],
                          "com.apple.developer.icloud-container-identifiers": ["iCloud.x"],
                          "keychain-access-groups": ["ABCDE12345.shared"]}), "ABCDE12345"),
            ["App Groups", "iCloud", "keychain-access-groups"])


if __name__ == "__main__":
    unittest.main()
