#!/usr/bin/env python3
"""Writes a build-log-like file of the given size (default 1 GiB): xcodebuild-style compile,
link and warning lines with varying paths and numbers, plus a few lines that contain the
benchmark's secrets (plain, base64, percent-encoded), so masking has real work to do."""
import base64, random, sys, urllib.parse

path = sys.argv[1]
size = int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 30
secrets = sys.argv[3:]
random.seed(42)
modules = ["Core", "Networking", "UI", "Persistence", "Analytics", "Payments", "Onboarding"]
templates = [
    "CompileSwift normal x86_64 /Users/ci/work/App/Sources/{m}/{f}.swift (in target '{m}' from project 'App')",
    "    cd /Users/ci/work/App && /Applications/Xcode.app/Contents/Developer/usr/bin/swiftc -module-name {m} -Onone -enforce-exclusivity=checked",
    "/Users/ci/work/App/Sources/{m}/{f}.swift:{n}:{c}: warning: variable 'value{n}' was never mutated; consider changing to 'let' constant",
    "Ld /Users/ci/Library/Developer/Xcode/DerivedData/App-abc/Build/Products/Debug-iphonesimulator/{m}.o normal (in target '{m}')",
    "ProcessInfoPlistFile /Users/ci/Library/Developer/Xcode/DerivedData/App/Build/{m}/Info.plist /Users/ci/work/App/{m}/Info.plist",
    "Test Case '-[{m}Tests.{f}Tests test{n}]' passed ({c}.{n} seconds).",
    "[{n:>4}/{c:>4}] Compiling {m} {f}.swift",
]
lines = []
for i in range(4000):
    t = random.choice(templates)
    lines.append(t.format(m=random.choice(modules), f="File%d" % random.randint(1, 900), n=random.randint(1, 999), c=random.randint(1, 120)))
for s in secrets:
    lines.append("Authorization: Basic " + base64.b64encode(("ci-user:" + s).encode()).decode())
    lines.append("curl -s https://api.example.com/upload?token=" + urllib.parse.quote(s, safe=""))
    lines.append('{"password":"%s","user":"ci"}' % s)
    lines.append("export TOKEN=" + s)
block = ("\n".join(lines) + "\n").encode()
with open(path, "wb") as out:
    written = 0
    while written + len(block) <= size:
        out.write(block)
        written += len(block)
    out.write(block[: size - written])
