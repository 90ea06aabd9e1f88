import os
import unittest

from support import BREWER, NETNEWSWIRE  # noqa: F401  (sets sys.path)
from fakexcode import asciiplist


class AsciiPlistTests(unittest.TestCase):
    def test_netnewswire_project(self):
        p = asciiplist.load(os.path.join(NETNEWSWIRE, "NetNewsWire.xcodeproj", "project.pbxproj"))
        objects = p["objects"]
        root = objects[p["rootObject"]]
        self.assertEqual(root["isa"], "PBXProject")
        names = [objects[t]["name"] for t in root["targets"]]
        self.assertIn("NetNewsWire-iOS", names)
        self.assertIn("NetNewsWire iOS Widget Extension", names)
        self.assertEqual(len(names), 8)
        self.assertEqual(root["attributes"]["LastUpgradeCheck"], "2700")
        # Xcode 16's anchored xcconfig references are read as plain keys.
        anchored = [o for o in objects.values() if "baseConfigurationReferenceAnchor" in o]
        self.assertTrue(anchored)

    def test_brewer_project(self):
        p = asciiplist.load(os.path.join(BREWER, "Brewer.xcodeproj", "project.pbxproj"))
        objects = p["objects"]
        self.assertEqual(p["objectVersion"], "77")
        for oid in objects:
            self.assertRegex(oid, r"^[0-9A-F]{24}$")
        targets = {o["name"]: o for o in objects.values() if o["isa"] == "PBXNativeTarget"}
        self.assertEqual(set(targets), {"Brewer", "BrewerWidget", "BrewerNotificationService", "BrewerWatch", "BrewerClip",
                                        "BrewerKit", "BrewerTests"})
        self.assertEqual(targets["BrewerClip"]["productType"], "com.apple.product-type.application.on-demand-install-capable")
        settings = [o["buildSettings"] for o in objects.values() if o["isa"] == "XCBuildConfiguration"]
        runpaths = [s["LD_RUNPATH_SEARCH_PATHS"] for s in settings if "LD_RUNPATH_SEARCH_PATHS" in s]
        self.assertEqual(runpaths[0], ["$(inherited)", "@executable_path/Frameworks", "@executable_path/../../Frameworks"])

    def test_syntax(self):
        text = '''// !$*UTF8*$!
        { a = "x \\"q\\" \\n \\U00e9 \\101"; /* comment */ b = ( 1, two, "3", ); // line comment
          c = { d = <0a0b>; }; "e[sdk=iphoneos*]" = "$(inherited)/x"; f = $x-y_z.1/a:b+c; }'''
        p = asciiplist.loads(text)
        self.assertEqual(p["a"], 'x "q" \n \u00e9 A')
        self.assertEqual(p["b"], ["1", "two", "3"])
        self.assertEqual(p["c"], {"d": b"\n\x0b"})
        self.assertEqual(p["e[sdk=iphoneos*]"], "$(inherited)/x")
        self.assertEqual(p["f"], "$x-y_z.1/a:b+c")

    def test_errors(self):
        for bad in ["{ a = b }", "{ a = \"x ; }", "( a b )", "{ a = b; } extra"]:
            with self.assertRaises(asciiplist.PlistError):
                asciiplist.loads(bad)


if __name__ == "__main__":
    unittest.main()
