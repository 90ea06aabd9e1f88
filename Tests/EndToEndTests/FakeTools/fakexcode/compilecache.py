"""Xcode 26's compilation cache as xcodebuild runs it, for the builds the fakes make (archive here,
build-for-testing through fake-compilation-cache). The settings and their checks are swift-build's
(`Sources/SWBCore/Settings/CASOptions.swift`): COMPILATION_CACHE_ENABLE_CACHING=YES turns it on;
the store is COMPILATION_CACHE_CAS_PATH (compiler keys under `builtin/`), default
`~/Library/Developer/Xcode/DerivedData/CompilationCache.noindex`; COMPILATION_CACHE_KEEP_CAS_DIRECTORY=NO
deletes it after the build; COMPILATION_CACHE_LIMIT_SIZE is bytes or a whole number with K/M/G/T
(1024 each), anything else failing the build with "invalid COMPILATION_CACHE_LIMIT_SIZE: '<value>'".

Each source file under the project's folder is one cacheable compile task, keyed by its path and
bytes and the Xcode (DEVELOPER_DIR); a key found in the store is a hit, anything else a miss that
compiles (FAKE_COMPILE_SECONDS_PER_MISS seconds each, for the benchmark) and is stored. The build
log ends with swift-build's metrics note, `note: <hits> hit(s) / <total> cacheable task(s) (<n>%)`,
printed only when a cacheable task ran."""

import hashlib
import os
import re
import shutil
import time

SOURCE_SUFFIXES = (".swift", ".m", ".mm", ".c", ".cpp")
SKIPPED_FOLDERS = {"DerivedData", "build", "Pods", "SourcePackages", "node_modules"}
MOST_SOURCES = 5000
INTEGER = re.compile(r"^[+-]?[0-9]+$")
UNITS = {"K": 1024, "M": 1024 ** 2, "G": 1024 ** 3, "T": 1024 ** 4}
INT64_MAX = 2 ** 63 - 1


class CacheError(Exception):
    pass


def parse_size_limit(text):
    """swift-build's CASOptions.parseSizeLimit: Int64(text), else Int64(text minus its last
    character) times K/M/G/T. None when invalid. (0 or less means no limit.)"""
    def int64(s):
        if not INTEGER.match(s):
            return None
        value = int(s)
        return value if -INT64_MAX - 1 <= value <= INT64_MAX else None
    whole = int64(text)
    if whole is not None:
        return whole
    if not text or text[-1] not in UNITS:
        return None
    number = int64(text[:-1])
    if number is None:
        return None
    return number * UNITS[text[-1]]


def settings_from(arguments):
    """NAME=VALUE build settings on the command line, the last one winning as in xcodebuild."""
    settings = {}
    for argument in arguments:
        name, sep, value = argument.partition("=")
        if sep and re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", name):
            settings[name] = value
    return settings


def sources_under(folder):
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED_FOLDERS and not d.endswith(".xcarchive"))
        for name in sorted(files):
            if name.endswith(SOURCE_SUFFIXES):
                found.append(os.path.join(root, name))
                if len(found) >= MOST_SOURCES:
                    return found
    return found


def xcode_identity():
    developer = os.environ.get("DEVELOPER_DIR", "")
    try:
        with open(os.path.join(os.path.dirname(developer), "version.plist"), "rb") as f:
            return developer + "\0" + hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return developer or "the machine's Xcode"


class Options:
    def __init__(self, settings):
        self.enabled = settings.get("COMPILATION_CACHE_ENABLE_CACHING", "NO") == "YES"
        home = os.environ.get("HOME", "/nonexistent")
        self.path = settings.get("COMPILATION_CACHE_CAS_PATH") or os.path.join(
            home, "Library/Developer/Xcode/DerivedData/CompilationCache.noindex")
        self.keep = settings.get("COMPILATION_CACHE_KEEP_CAS_DIRECTORY", "YES") == "YES"
        self.limit = None
        limit = settings.get("COMPILATION_CACHE_LIMIT_SIZE", "")
        if self.enabled and self.keep and limit:
            size = parse_size_limit(limit)
            if size is None:
                raise CacheError("error: invalid COMPILATION_CACHE_LIMIT_SIZE: '%s'" % limit)
            self.limit = size if size > 0 else None


def compile_sources(settings, folder, out, compile_line="SwiftCompile normal arm64 %s"):
    """Compiles every source under `folder`, through the cache when it is on. Raises CacheError
    (the build fails) for a setting Xcode refuses."""
    options = Options(settings)
    sources = sources_under(folder)
    delay = float(os.environ.get("FAKE_COMPILE_SECONDS_PER_MISS", "0") or 0)
    if not options.enabled:
        for source in sources:
            out(compile_line % source)
            if delay:
                time.sleep(delay)
        return
    store = os.path.join(options.path, "builtin")
    os.makedirs(store, exist_ok=True)
    xcode = xcode_identity()
    hits = 0
    for source in sources:
        out(compile_line % source)
        with open(source, "rb") as f:
            content = f.read()
        key = hashlib.sha256(xcode.encode() + b"\0" + os.path.abspath(source).encode() + b"\0" + content).hexdigest()
        entry = os.path.join(store, key[:2], key)
        if os.path.isfile(entry):
            hits += 1
            os.utime(entry)
            continue
        if delay:
            time.sleep(delay)
        os.makedirs(os.path.dirname(entry), exist_ok=True)
        with open(entry + ".tmp", "wb") as f:
            f.write(b"object of " + os.path.abspath(source).encode() + b"\n" + content)
        os.replace(entry + ".tmp", entry)
    if options.limit is not None:
        prune(store, options.limit)
    if sources:
        total = len(sources)
        out("note: %d hit%s / %d cacheable task%s (%d%%)" % (
            hits, "" if hits == 1 else "s", total, "" if total == 1 else "s", hits * 100 // total))
    if not options.keep:
        shutil.rmtree(options.path, ignore_errors=True)


def prune(store, limit):
    """The oldest entries go until the store fits its limit, as Xcode's size limiting does."""
    entries = []
    for root, _, files in os.walk(store):
        for name in files:
            path = os.path.join(root, name)
            stat = os.stat(path)
            entries.append((stat.st_mtime, path, stat.st_size))
    size = sum(e[2] for e in entries)
    for _, path, bytes_ in sorted(entries):
        if size <= limit:
            break
        os.remove(path)
        size -= bytes_
