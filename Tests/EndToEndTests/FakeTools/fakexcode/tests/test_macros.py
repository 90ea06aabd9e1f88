import os
import shutil
import tempfile
import unittest

from support import run
from fakexcode.macros import (Assignment, Evaluator, Table, c99extidentifier, identifier, parse_xcconfig,
                              rfc1034identifier, settings_dict_assignments)


def table(*levels):
    t = Table()
    for level in levels:
        t.push_level([Assignment(*a) if len(a) == 3 else Assignment(a[0], [], a[1]) for a in level])
    return t


class ManglingTests(unittest.TestCase):
    def test_c99extidentifier(self):
        # swift-build's mangledToC99ExtendedIdentifier: every invalid character to `_`, a leading
        # digit to `_`.
        self.assertEqual(c99extidentifier("works.sth.brewer-app"), "works_sth_brewer_app")
        self.assertEqual(c99extidentifier("works.sth.brewer.production.widget"), "works_sth_brewer_production_widget")
        self.assertEqual(c99extidentifier("9lives app"), "_lives_app")
        self.assertEqual(c99extidentifier("café.Ünïcode"), "café_Ünïcode")
        self.assertEqual(c99extidentifier(""), "")

    def test_identifier_and_rfc1034(self):
        self.assertEqual(identifier("9lives-app.x"), "_9lives_app_x")
        self.assertEqual(rfc1034identifier("My App_1.x"), "My-App-1.x")


class EvaluationTests(unittest.TestCase):
    def value(self, t, name, params=None):
        return Evaluator(t, params or {}).value(name)

    def test_inherited_across_levels(self):
        t = table([("FLAGS", "-a")], [("FLAGS", "$(inherited) -b")], [("FLAGS", "$(inherited) -c")])
        self.assertEqual(self.value(t, "FLAGS"), "-a -b -c")

    def test_later_assignment_in_a_level_wins_and_inherits_the_earlier(self):
        t = table([("X", "one"), ("X", "$(inherited) two")])
        self.assertEqual(self.value(t, "X"), "one two")

    def test_nested_names_and_forms(self):
        t = table([("KIND", "B"), ("VALUE_B", "bee"), ("R", "$(VALUE_$(KIND)) ${KIND} $KIND $$ $(UNKNOWN)end")])
        self.assertEqual(self.value(t, "R"), "bee B B $ end")

    def test_operators(self):
        t = table([("P", "/a/b/file.tar.gz"), ("ID", "works.sth.brewer-app"), ("E", ""), ("Y", "YES"),
                   ("R", "$(P:dir)|$(P:file)|$(P:base)|$(P:suffix)|$(ID:upper)|$(ID:lower:c99extidentifier)|$(Y:not)|$(E:not)"),
                   ("S", "$(P:suffix=zip)|$(P:base=other)|$(P:file=x.txt)|$(P:dir=/z)|$(E:default=fallback)|$(ID:default=unused)"),
                   ("Q", "$(P:standardizepath) $(X:quote)"), ("X", "a b")])
        self.assertEqual(self.value(t, "R"), "/a/b/|file.tar.gz|file.tar|.gz|WORKS.STH.BREWER-APP|works_sth_brewer_app|NO|YES")
        self.assertEqual(self.value(t, "S"), "/a/b/file.tar.zip|/a/b/other.gz|/a/b/x.txt|/z/file.tar.gz|fallback|works.sth.brewer-app")
        self.assertEqual(self.value(t, "Q"), '/a/b/file.tar.gz "a b"')

    def test_default_with_inherited_refers_to_the_macro_being_evaluated(self):
        # nightshift's per-bundle signing xcconfig (issue #36)
        low = [("PROVISIONING_PROFILE_SPECIFIER", "project profile"), ("PRODUCT_BUNDLE_IDENTIFIER", "works.sth.brewer-app")]
        high = [("NIGHTSHIFT_PROFILE_works_sth_brewer_app", "Brewer Production"),
                ("PROVISIONING_PROFILE_SPECIFIER", "$(NIGHTSHIFT_PROFILE_$(PRODUCT_BUNDLE_IDENTIFIER:c99extidentifier):default=$(inherited))")]
        self.assertEqual(self.value(table(low, high), "PROVISIONING_PROFILE_SPECIFIER"), "Brewer Production")
        other = [("PROVISIONING_PROFILE_SPECIFIER", "project profile"), ("PRODUCT_BUNDLE_IDENTIFIER", "some.package")]
        self.assertEqual(self.value(table(other, high), "PROVISIONING_PROFILE_SPECIFIER"), "project profile")
        package = [("PRODUCT_BUNDLE_IDENTIFIER", "")]
        self.assertEqual(self.value(table(package, high), "PROVISIONING_PROFILE_SPECIFIER"), "")

    def test_conditions(self):
        t = table([("CODE_SIGN_IDENTITY", [("sdk", "macosx*")], "Mac Developer"),
                   ("CODE_SIGN_IDENTITY", [("sdk", "iphoneos*")], "iPhone Developer"),
                   ("OPT", [], "none"), ("OPT", [("config", "Release"), ("arch", "arm64")], "both"),
                   ("ODD", [("unknownparam", "x*")], "never")])
        self.assertEqual(self.value(t, "CODE_SIGN_IDENTITY", {"sdk": "iphoneos26.0"}), "iPhone Developer")
        self.assertEqual(self.value(t, "CODE_SIGN_IDENTITY", {"sdk": "macosx26.0"}), "Mac Developer")
        self.assertEqual(self.value(t, "CODE_SIGN_IDENTITY", {"sdk": "watchos26.0"}), "")
        self.assertEqual(self.value(t, "OPT", {"config": "Release", "arch": "arm64"}), "both")
        self.assertEqual(self.value(t, "OPT", {"config": "Debug", "arch": "arm64"}), "none")
        self.assertEqual(self.value(t, "ODD", {"config": "Debug"}), "")
        # a parameter without a value matches only `*` (MacroCondition.evaluate)
        t = table([("W", [("variant", "*")], "any"), ("V", [("variant", "normal")], "normal")])
        self.assertEqual(self.value(t, "W", {}), "any")
        self.assertEqual(self.value(t, "V", {}), "")

    def test_unsupported_directive(self):
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".xcconfig", delete=False) as f:
            f.write("#import \"x\"\nA = 1\n")
        try:
            diagnostics = []
            self.assertEqual([a.name for a in parse_xcconfig(f.name, diagnostics)], ["A"])
            self.assertIn("unsupported preprocessor directive", diagnostics[0][1])
        finally:
            os.unlink(f.name)

    def test_recursion_is_empty_not_a_hang(self):
        t = table([("A", "a$(B)"), ("B", "b$(A)"), ("C", "$(C)c")])
        ev = Evaluator(t)
        self.assertEqual(ev.value("A"), "ab")
        self.assertEqual(ev.value("C"), "c")
        self.assertTrue(ev.warnings)

    def test_array_settings_are_space_joined(self):
        assignments = settings_dict_assignments({"LD": ["$(inherited)", "@executable_path/Frameworks", "a b"], "K[sdk=iphoneos*]": "v"})
        self.assertEqual(assignments[0].value, '$(inherited) @executable_path/Frameworks "a b"')
        self.assertEqual((assignments[1].name, assignments[1].conditions), ("K", [("sdk", "iphoneos*")]))


class XcconfigTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_syntax(self):
        self.write("common/base.xcconfig", "BASE = base // a comment\nSDKROOT = iphoneos;\n")
        main = self.write("main.xcconfig", '#include "common/base.xcconfig"\n#include? "missing/optional.xcconfig"\n'
                                           '// whole-line comment\nURL = https://example.com\n'
                                           'X[sdk=iphoneos*][config=Release] = cond\nY [sdk=iphoneos*,arch=arm64]=two\n'
                                           'BASE = $(inherited) more\nLONG = a \\\n  b // note\nSEMI = v;;\n')
        diagnostics = []
        assignments = parse_xcconfig(main, diagnostics)
        got = [(a.name, a.conditions, a.value) for a in assignments]
        self.assertEqual(got, [("BASE", [], "base"), ("SDKROOT", [], "iphoneos"), ("URL", [], "https:"),
                               ("X", [("sdk", "iphoneos*"), ("config", "Release")], "cond"),
                               ("Y", [("sdk", "iphoneos*,arch=arm64")], "two"), ("BASE", [], "$(inherited) more"),
                               ("LONG", [], "a b"), ("SEMI", [], "v;")])
        self.assertEqual(diagnostics, [])

    def test_include_lookup_and_cycles(self):
        # the extension may be left out; a nested include is looked up in its includers' folders
        # too; a cycle is skipped with a warning (MacroConfigFileLoader)
        self.write("shared.xcconfig", "SHARED = yes\n")
        self.write("sub/inner.xcconfig", '#include "shared.xcconfig"\n#include "../top.xcconfig"\nINNER = 1\n')
        top = self.write("top.xcconfig", '#include "sub/inner"\nTOP = 1\n')
        diagnostics = []
        names = [a.name for a in parse_xcconfig(top, diagnostics)]
        self.assertEqual(names, ["SHARED", "INNER", "TOP"])
        self.assertEqual(len(diagnostics), 1)
        self.assertEqual(diagnostics[0][0], "warning")
        self.assertIn("Skipping the inclusion of 'top.xcconfig'", diagnostics[0][1])
        absent = os.path.join(self.dir, "absent.xcconfig")
        main = self.write("abs.xcconfig", '#include "%s"\n' % absent)
        diagnostics = []
        parse_xcconfig(main, diagnostics)
        self.assertIn("included file '%s' does not exist" % absent, diagnostics[0][1])

    def test_missing_plain_include_is_an_error(self):
        main = self.write("main.xcconfig", '#include "nowhere.xcconfig"\nA = 1\n')
        diagnostics = []
        parse_xcconfig(main, diagnostics)
        self.assertEqual(diagnostics[0][0], "error")
        self.assertIn("could not find included file 'nowhere.xcconfig' in search paths", diagnostics[0][1])


class PrecedenceTests(unittest.TestCase):
    """Through the fake: defaults < project xcconfig < project < target xcconfig < target <
    command line < -xcconfig < XCODE_XCCONFIG_FILE."""

    def setUp(self):
        from support import BREWER
        self.brewer = BREWER
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def settings(self, *extra, env=None):
        import json
        r = run(["-showBuildSettings", "-json", "-project", "Brewer.xcodeproj", "-scheme", "Brewer", "-configuration", "Staging"]
                + list(extra), cwd=self.brewer, env=env)
        self.assertEqual(r.returncode, 0, r.stderr)
        return {t["target"]: t["buildSettings"] for t in json.loads(r.stdout)}

    def test_levels(self):
        s = self.settings()
        self.assertEqual(s["Brewer"]["SDKROOT"], "iphoneos")  # project xcconfig (trailing ;)
        self.assertEqual(s["Brewer"]["SWIFT_OPTIMIZATION_LEVEL"], "-O")  # project settings
        self.assertEqual(s["Brewer"]["PRODUCT_BUNDLE_IDENTIFIER"], "works.sth.brewer.staging")  # target xcconfig
        self.assertEqual(s["BrewerWatch"]["SDKROOT"], "watchos")  # target settings over the project's xcconfig
        self.assertEqual(s["Brewer"]["TARGET_NAME"], "Brewer")  # defaults
        self.assertEqual(s["BrewerClip"]["SWIFT_ACTIVE_COMPILATION_CONDITIONS"].split(), ["STAGING"])

    def test_command_line_then_xcconfig_then_environment(self):
        x = os.path.join(self.dir, "a.xcconfig")
        with open(x, "w") as f:
            f.write("MARKETING_VERSION = $(inherited)-x\nCURRENT_PROJECT_VERSION = 7\n")
        e = os.path.join(self.dir, "env.xcconfig")
        with open(e, "w") as f:
            f.write("CURRENT_PROJECT_VERSION = $(inherited)0\n")
        s = self.settings("MARKETING_VERSION=2.0", "CURRENT_PROJECT_VERSION=5")
        self.assertEqual((s["Brewer"]["MARKETING_VERSION"], s["Brewer"]["CURRENT_PROJECT_VERSION"]), ("2.0", "5"))
        s = self.settings("MARKETING_VERSION=2.0", "CURRENT_PROJECT_VERSION=5", "-xcconfig", x)
        self.assertEqual((s["Brewer"]["MARKETING_VERSION"], s["Brewer"]["CURRENT_PROJECT_VERSION"]), ("2.0-x", "7"))
        s = self.settings("CURRENT_PROJECT_VERSION=5", "-xcconfig", x, env={"XCODE_XCCONFIG_FILE": e})
        self.assertEqual(s["Brewer"]["CURRENT_PROJECT_VERSION"], "70")

    def test_package_targets_see_only_the_overriding_levels(self):
        s = self.settings("MARKETING_VERSION=3.0")
        self.assertEqual(s["BrewerUI"]["MARKETING_VERSION"], "3.0")
        self.assertNotIn("DEVELOPMENT_TEAM", s["BrewerUI"])  # the project's xcconfig sets it for its own targets only
        self.assertEqual(s["Brewer"]["DEVELOPMENT_TEAM"], "ABCDE12345")


if __name__ == "__main__":
    unittest.main()
