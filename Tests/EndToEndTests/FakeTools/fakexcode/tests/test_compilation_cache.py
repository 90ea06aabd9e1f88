"""Xcode 26's compilation cache as the fake runs it: swift-build's size-limit syntax and its error,
the store under COMPILATION_CACHE_CAS_PATH, misses on a first build and hits on the second, the
metrics note, KEEP_CAS_DIRECTORY=NO, the limit pruning the store, and `xcodebuild -version`."""

import os
import shutil
import tempfile
import unittest

from support import BREWER, run
from fakexcode import compilecache


class SizeLimitSyntaxTests(unittest.TestCase):
    def test_bytes_or_a_whole_number_with_k_m_g_t_each_1024(self):
        self.assertEqual(compilecache.parse_size_limit("1048576"), 1048576)
        self.assertEqual(compilecache.parse_size_limit("512K"), 512 * 1024)
        self.assertEqual(compilecache.parse_size_limit("500M"), 500 * 1024 ** 2)
        self.assertEqual(compilecache.parse_size_limit("20G"), 20 * 1024 ** 3)
        self.assertEqual(compilecache.parse_size_limit("2T"), 2 * 1024 ** 4)
        self.assertEqual(compilecache.parse_size_limit("0"), 0)

    def test_what_xcode_refuses(self):
        for text in ["20GB", "1.5G", "", "G", "20 G", "20g", "twenty", "20GiB", "9223372036854775808", "0x10"]:
            self.assertIsNone(compilecache.parse_size_limit(text), text)


class CacheBuildTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.project = os.path.join(self.dir, "App")
        os.makedirs(os.path.join(self.project, "App.xcodeproj"))
        os.makedirs(os.path.join(self.project, "Sources"))
        for name in ("A.swift", "B.swift", "C.m"):
            self.write(name, "// %s\n" % name)
        self.store = os.path.join(self.dir, "cas")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, name, text):
        with open(os.path.join(self.project, "Sources", name), "w") as f:
            f.write(text)

    def build(self, *settings):
        return run(["build-for-testing", "-project", os.path.join(self.project, "App.xcodeproj"), "-scheme", "App",
                    "-destination", "id=X", "-derivedDataPath", os.path.join(self.dir, "dd")] + list(settings),
                   cwd=self.dir, env={"HOME": self.dir})

    def caching(self, *more):
        return ("COMPILATION_CACHE_ENABLE_CACHING=YES", "COMPILATION_CACHE_CAS_PATH=" + self.store) + more

    def test_first_build_misses_second_hits(self):
        first = self.build(*self.caching())
        self.assertEqual(first.returncode, 0, first.stdout + first.stderr)
        self.assertIn("note: 0 hits / 3 cacheable tasks (0%)\n", first.stdout)
        self.assertTrue(os.path.isdir(os.path.join(self.store, "builtin")))
        second = self.build(*self.caching())
        self.assertIn("note: 3 hits / 3 cacheable tasks (100%)\n", second.stdout)

    def test_a_changed_source_misses_alone(self):
        self.build(*self.caching())
        self.write("B.swift", "// changed\n")
        self.assertIn("note: 2 hits / 3 cacheable tasks (66%)\n", self.build(*self.caching()).stdout)

    def test_without_caching_no_note_and_no_store(self):
        r = self.build("COMPILATION_CACHE_CAS_PATH=" + self.store)
        self.assertNotIn("cacheable task", r.stdout)
        self.assertFalse(os.path.exists(self.store))

    def test_an_invalid_limit_fails_the_build_with_xcodes_message(self):
        r = self.build(*self.caching("COMPILATION_CACHE_LIMIT_SIZE=20GB"))
        self.assertEqual(r.returncode, 65)
        self.assertIn("error: invalid COMPILATION_CACHE_LIMIT_SIZE: '20GB'\n", r.stdout)
        self.assertIn("** TEST BUILD FAILED **", r.stdout)

    def test_keep_cas_directory_no_deletes_the_store(self):
        r = self.build(*self.caching("COMPILATION_CACHE_KEEP_CAS_DIRECTORY=NO"))
        self.assertIn("note: 0 hits / 3 cacheable tasks (0%)", r.stdout)
        self.assertFalse(os.path.exists(self.store))

    def test_the_limit_prunes_the_store(self):
        self.write("Big.swift", "x" * 4096 + "\n")
        self.build(*self.caching("COMPILATION_CACHE_LIMIT_SIZE=2K"))
        size = sum(os.path.getsize(os.path.join(root, f)) for root, _, files in os.walk(self.store) for f in files)
        self.assertLessEqual(size, 2048)
        self.assertIn("cacheable tasks", self.build(*self.caching("COMPILATION_CACHE_LIMIT_SIZE=2K")).stdout)

    def test_cloned_source_packages_folder_is_made(self):
        packages = os.path.join(self.dir, "packages")
        self.build("-clonedSourcePackagesDirPath", packages, "-disableAutomaticPackageResolution")
        self.assertTrue(os.path.isdir(os.path.join(packages, "repositories")))


class ArchiveCacheTests(unittest.TestCase):
    """archive compiles through the cache before it signs: the real Brewer project's sources."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def archive(self, *settings):
        return run(["archive", "-workspace", "Brewer.xcworkspace", "-scheme", "Brewer", "-archivePath", os.path.join(self.dir, "B")]
                   + list(settings), cwd=BREWER, env={"HOME": self.dir})

    def test_archive_misses_then_hits(self):
        caching = ["COMPILATION_CACHE_ENABLE_CACHING=YES", "COMPILATION_CACHE_CAS_PATH=" + os.path.join(self.dir, "cas")]
        first = self.archive(*caching)
        self.assertRegex(first.stdout, r"note: 0 hits / (\d+) cacheable tasks \(0%\)\n")
        total = int(first.stdout.split("note: 0 hits / ")[1].split(" ")[0])
        self.assertIn("note: %d hits / %d cacheable tasks (100%%)\n" % (total, total), self.archive(*caching).stdout)

    def test_archive_refuses_an_invalid_limit(self):
        r = self.archive("COMPILATION_CACHE_ENABLE_CACHING=YES", "COMPILATION_CACHE_LIMIT_SIZE=1.5G")
        self.assertEqual(r.returncode, 65)
        self.assertIn("error: invalid COMPILATION_CACHE_LIMIT_SIZE: '1.5G'\n** ARCHIVE FAILED **\n", r.stdout)


class VersionTests(unittest.TestCase):
    def test_version_names_the_build(self):
        r = run(["-version"], cwd=tempfile.gettempdir(), env={"FAKE_XCODE_BUILD": "17E100"})
        self.assertEqual(r.stdout, "Xcode 26.2\nBuild version 17E100\n")
        self.assertEqual(run(["-version", "-json"], cwd=tempfile.gettempdir()).returncode, 64)


if __name__ == "__main__":
    unittest.main()
