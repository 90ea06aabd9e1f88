"""The fuzzer's second half (imported by scripts/fuzz): what tools and services answer, made hostile.

Four kinds of input (issue #38), each a real nightshift command against a tool or server that
answers with a recorded or typical answer, mutated:
- `xcresult`: a `test:` step whose `xcrun xcresulttool get test-results tests|summary` and `xcrun
  xccov` print mutated JSON (the recorded Xcode 16 and 26 answers under
  Tests/NightshiftTestingTests/Fixtures/xcresult), through the fake tools' FAKE_XCRESULT_DIR.
- `xunit`: a `test: { package: . }` step whose `swift test` (a fake first on PATH) writes mutated
  xUnit files (the recorded swift 6.3.1 ones, XCTest's and Swift Testing's).
- `jsonapi`: `archive: { build_number: { from: appstoreconnect } }` in a dry run, against a local
  App Store Connect whose JSON:API pages are mutated: values, types, sizes, next links (another
  host, http, itself, endless), statuses (401, 409 with Apple's error document, 429, 500), bodies
  cut short.
- `notary`: `notarize:` over the Notary API against a local service whose answers (the new
  submission, its status, the log's URL, the log) are mutated the same way.

A finding is what scripts/fuzz counts (an exit other than 0, 1, 2; over the time or memory
limit), and, for the two services, the API key's private key or the notary's S3 secret in the
output.
"""
import copy
import http.server
import json
import os
import random
import subprocess
import threading
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAKE_TOOLS = os.path.join(ROOT, "Tests/EndToEndTests/FakeTools")
XCRESULT_FIXTURES = os.path.join(ROOT, "Tests/NightshiftTestingTests/Fixtures/xcresult")
XUNIT_FIXTURES = os.path.join(ROOT, "Tests/NightshiftTestingTests/Fixtures/xunit")

HOSTILE_JSON = [None, -1, 0, 2**63, -(2**63) - 1, 2**64, 1e308, -1e308, "", "x" * 200_000, [], {}, True, False,
                "\u0000", "\u202e\u200b", "../../../../etc/passwd", "1e999", "NaN", "-0", " ", "\ud800",
                "2026-13-45T99:99:99Z", "Passed", "Failed", "VALID", "Accepted", "Invalid", "In Progress"]
SECRET_S3_KEY = "fuzzS3SecretAccessKey/Do+Not+Print/0123456789"


def hostile(rng):
    value = rng.choice(HOSTILE_JSON)
    if rng.random() < 0.05:
        depth = rng.choice([50, 500, 5000])
        value = json.loads("[" * depth + "]" * depth) if depth < 900 else "[" * depth + "]" * depth
    return value


def paths(value, prefix=()):
    """Every (path, value) in a JSON document, containers included."""
    yield prefix, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from paths(child, prefix + (index,))


def set_at(document, path, value):
    if not path:
        return value
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return document


def mutate_json(document, rng):
    """A JSON document changed in one to four places: a value hostile, a key gone, a list
    repeated or emptied, an object's keys renamed; then, rarely, the text cut or bytes flipped."""
    document = copy.deepcopy(document)
    for _ in range(rng.randint(1, 4)):
        every = list(paths(document))
        path, value = rng.choice(every)
        choice = rng.randrange(6)
        if choice == 0 or not path:
            document = set_at(document, path, hostile(rng))
        elif choice == 1:
            parent = document
            for key in path[:-1]:
                parent = parent[key]
            del parent[path[-1]]
        elif choice == 2 and isinstance(value, list) and value:
            # Repeated up to a 16 MB document: the answer, not this server, is what is tested.
            factor = rng.choice([2, 100, 20_000])
            factor = max(1, min(factor, (16 << 20) // max(1, len(json.dumps(value)))))
            document = set_at(document, path, value * factor)
        elif choice == 3 and isinstance(value, list):
            document = set_at(document, path, [])
        elif choice == 4 and isinstance(value, dict):
            document = set_at(document, path, {key + rng.choice(["", "X", " "]): child for key, child in value.items()})
        else:
            document = set_at(document, path, hostile(rng))
    text = json.dumps(document, ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.08:
        text = text[:rng.randrange(len(text) + 1)]
    elif rng.random() < 0.05:
        data = bytearray(text.encode("utf-8", "surrogatepass"))
        for _ in range(rng.randint(1, 6)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    return text.encode("utf-8", "surrogatepass")


def environment(folder, extra=None):
    values = {"PATH": f"{FAKE_TOOLS}:/usr/bin:/bin", "HOME": folder, "LANG": "C.UTF-8", "TERM": "dumb"}
    values.update(extra or {})
    return values


# xcresult ---------------------------------------------------------------------------------------

XCRESULT_LANES = """project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
lanes:
  t:
    steps:
      - test: { destination: { device: iPhone 8, os: "16.0" }, coverage: true, retries: 1 }
"""


def xcresult_input(folder, rng):
    """A `test:` step whose result bundle reads back as mutated JSON."""
    answers = os.path.join(folder, "xcresult")
    os.makedirs(answers)
    tests = [name for name in os.listdir(XCRESULT_FIXTURES) if name.endswith(".json") and "summary" not in name]
    summaries = [name for name in os.listdir(XCRESULT_FIXTURES) if name.endswith("summary.json")]
    reference = os.path.join(XCRESULT_FIXTURES, "reference")
    coverage = [os.path.join(reference, name) for name in os.listdir(reference) if name.startswith("xccov")]
    for name, source in [("tests.json", os.path.join(XCRESULT_FIXTURES, rng.choice(tests))),
                         ("summary.json", os.path.join(XCRESULT_FIXTURES, rng.choice(summaries))),
                         ("coverage.json", rng.choice(coverage))]:
        with open(source, encoding="utf-8") as handle:
            document = json.load(handle)
        data = mutate_json(document, rng) if rng.random() < 0.7 else json.dumps(document).encode()
        with open(os.path.join(answers, name), "wb") as handle:
            handle.write(data)
    with open(os.path.join(folder, "tests.tsv"), "w") as handle:
        handle.write("BrewerTests/LedgerTests/testRounding()\t0.5\tfail\nBrewerTests/CupTests/testSize()\t1\tpass\n")
    with open(os.path.join(folder, "lanes.yml"), "w") as handle:
        handle.write(XCRESULT_LANES)
    extra = {"FAKE_XCRESULT_DIR": answers, "FAKE_TESTS": os.path.join(folder, "tests.tsv")}
    return [(["run", "t"], environment(folder, extra))], []


# xUnit ------------------------------------------------------------------------------------------

XUNIT_LANES = """lanes:
  t:
    steps:
      - test: { package: ., retries: 1 }
"""

FAKE_SWIFT = """#!/bin/sh
# A fake `swift test` for the fuzzer: copies the mutated xUnit files to --xunit-output and fails,
# so nightshift reads them and re-runs what failed.
xunit=""
while [ $# -gt 0 ]; do
    [ "$1" = --xunit-output ] && xunit=$2
    shift
done
[ -n "$xunit" ] || exit 0
cp "$FUZZ_XUNIT_DIR/xctest.xml" "$xunit"
case "$xunit" in
    *.xml) cp "$FUZZ_XUNIT_DIR/swift-testing.xml" "${xunit%.xml}-swift-testing.xml" ;;
    *) cp "$FUZZ_XUNIT_DIR/swift-testing.xml" "$xunit-swift-testing" ;;
esac
echo "Test Suite 'All tests' failed"
exit 1
"""


def mutate_xml(text, rng):
    """XML changed as text: tags cut or repeated, attributes hostile, entities, depth, size."""
    for _ in range(rng.randint(1, 4)):
        choice = rng.randrange(9)
        where = rng.randrange(len(text) + 1)
        if choice == 0:
            text = text[:where]
        elif choice == 1:
            start = text.rfind("<testcase", 0, where)
            end = text.find("</testcase>", where)
            if start >= 0 and end > start:
                text = text[:start] + text[start:end + 11] * rng.choice([2, 1000, 20_000]) + text[end + 11:]
        elif choice == 2:
            text = text.replace('name="', 'name="' + rng.choice(["\x00", "&#0;", "&bogus;", "&#xD800;", "x" * 100_000, '"', "<"]), 1)
        elif choice == 3:
            text = text.replace('time="', 'time="' + rng.choice(["-1", "1e308", "NaN", "inf", "x", ""]) + "\" t=\"", rng.randint(1, 5))
        elif choice == 4:
            depth = rng.choice([100, 10_000])
            text = text[:where] + "<a>" * depth + "</a>" * depth + text[where:]
        elif choice == 5:
            text = text[:where] + '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>&b;' + text[where:]
        elif choice == 6:
            text = text.replace("</testcase>", "<failure message=\"" + "m" * rng.choice([10, 100_000]) + "\"/></testcase>", 1)
        elif choice == 7:
            text = text.replace("classname=\"", "classname=\"" + rng.choice(["", "/", "a/b/c", "..", "\u202e"]), 1)
        else:
            data = bytearray(text.encode())
            if data:
                data[rng.randrange(len(data))] = rng.randrange(256)
            text = data.decode("utf-8", "replace")
    return text


def xunit_input(folder, rng):
    answers = os.path.join(folder, "xunit")
    tools = os.path.join(folder, "tools")
    os.makedirs(answers)
    os.makedirs(tools)
    for name, source in [("xctest.xml", "swift-6.3.1-linux-recorded.xml"),
                         ("swift-testing.xml", "swift-6.3.1-linux-recorded-swift-testing.xml")]:
        with open(os.path.join(XUNIT_FIXTURES, source), encoding="utf-8") as handle:
            text = handle.read()
        with open(os.path.join(answers, name), "w", encoding="utf-8", errors="surrogateescape") as handle:
            handle.write(mutate_xml(text, rng) if rng.random() < 0.8 else text)
    swift = os.path.join(tools, "swift")
    with open(swift, "w") as handle:
        handle.write(FAKE_SWIFT)
    os.chmod(swift, 0o755)
    with open(os.path.join(folder, "Package.swift"), "w") as handle:
        handle.write("// swift-tools-version: 6.0\n")
    with open(os.path.join(folder, "lanes.yml"), "w") as handle:
        handle.write(XUNIT_LANES)
    extra = {"PATH": f"{tools}:/usr/bin:/bin", "FUZZ_XUNIT_DIR": answers}
    return [(["run", "t"], environment(folder, extra))], []


# services ---------------------------------------------------------------------------------------

def api_key(folder):
    """A P-256 private key in PKCS#8 PEM, as App Store Connect hands them out (made by openssl)."""
    generated = subprocess.run(
        "openssl ecparam -genkey -name prime256v1 -noout | openssl pkcs8 -topk8 -nocrypt",
        shell=True, capture_output=True, text=True, check=True)
    return generated.stdout


class HostileService:
    """A loopback HTTP server answering App Store Connect's and the Notary API's requests with
    answers made hostile by `rng`: mutated documents, hostile statuses and next links."""

    def __init__(self, rng):
        self.rng = rng
        self.lock = threading.Lock()
        self.requests = 0
        service = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *_):
                pass

            def answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(min(length, 1 << 26))
                with service.lock:
                    service.requests += 1
                    status, headers, body = service.respond(self.command, self.path)
                try:
                    self.send_response(status)
                    for name, value in headers.items():
                        self.send_header(name, value)
                    cut = body[: len(body) // 2] if headers.pop("X-Cut", None) else body
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(cut)
                    if len(cut) < len(body):
                        self.close_connection = True
                except OSError:
                    pass

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = answer

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    def next_link(self, path):
        parsed = urllib.parse.urlparse(path)
        query = dict(urllib.parse.parse_qsl(parsed.query))
        page = int(query.get("fuzzpage", "0") or 0) + 1
        query["fuzzpage"] = str(page)
        same = f"{self.base}{parsed.path}?{urllib.parse.urlencode(query)}"
        return self.rng.choice([
            same, same, path if path.startswith("http") else self.base + path,  # itself: a loop
            same.replace("127.0.0.1", "localhost"), same.replace("http://", "https://"),
            "http://169.254.169.254/latest/meta-data/", "file:///etc/passwd", "", "//evil.example/x",
            same.replace(str(self.server.server_address[1]), "1"), "../../../v1/apps", "x" * 100_000,
        ])

    def document(self, method, path):
        parsed = urllib.parse.urlparse(path)
        route = parsed.path
        if route.startswith("/notary/v2/submissions"):
            return self.notary(method, route)
        if route.startswith("/v1/apps") and "buildUploads" in route:
            items = [{"type": "buildUploads", "id": f"U{n}", "attributes": {
                "cfBundleShortVersionString": "1.0", "cfBundleVersion": str(400 + n), "platform": "IOS",
                "state": {"state": "COMPLETE"}}} for n in range(3)]
        elif route.startswith("/v1/apps"):
            items = [{"type": "apps", "id": "6446", "attributes": {"bundleId": "works.sth.demo", "name": "Demo", "sku": "D"}},
                     {"type": "apps", "id": "6447", "attributes": {"bundleId": "works.sth.demo.widget", "name": "W"}}]
        elif route.startswith("/v1/builds"):
            items = [{"type": "builds", "id": f"B{n}", "attributes": {
                "version": str(810 + n), "processingState": "VALID", "uploadedDate": "2026-11-20T10:00:00-08:00",
                "expired": False, "usesNonExemptEncryption": None}} for n in range(3)]
        else:
            return 404, {"errors": [{"status": "404", "code": "NOT_FOUND", "title": "The specified resource does not exist",
                                     "detail": f"The path provided does not match a defined resource type. {route}"}]}
        document = {"data": items, "links": {"self": self.base + path}, "meta": {"paging": {"total": 9, "limit": 200}}}
        if self.rng.random() < 0.3:
            document["links"]["next"] = self.next_link(path)
        return 200, document

    def notary(self, method, route):
        if method == "POST":
            return 200, {"data": {"type": "newSubmissions", "id": "2efe2717-52ef-43a5-96dc-0797e4ca1041", "attributes": {
                "awsAccessKeyId": "ASIAFUZZ", "awsSecretAccessKey": SECRET_S3_KEY, "awsSessionToken": "fuzzSessionToken",
                "bucket": "notary-submissions-prod", "object": "prod/AQAAAAEAXYZ/2efe2717"}}, "meta": {}}
        if route.endswith("/logs"):
            return 200, {"data": {"type": "submissionsLog", "id": "2efe2717", "attributes": {
                "developerLogUrl": self.base + "/developer-log?X-Amz-Signature=abc"}}, "meta": {}}
        if route == "/notary/v2/submissions":
            return 200, {"data": [], "meta": {}}
        return 200, {"data": {"type": "submissions", "id": "2efe2717-52ef-43a5-96dc-0797e4ca1041", "attributes": {
            "createdDate": "2026-11-26T01:38:09.498Z", "name": "App.dmg", "status": self.rng.choice(["Accepted", "In Progress", "Invalid"])}},
            "meta": {}}

    def respond(self, method, path):
        rng = self.rng
        if path.startswith("/developer-log"):
            log = {"logFormatVersion": 1, "jobId": "2efe2717", "status": "Accepted", "statusSummary": "Ready for distribution",
                   "statusCode": 0, "archiveFilename": "App.dmg", "uploadDate": "2026-11-26T01:38:09.498Z",
                   "sha256": "0" * 64, "ticketContents": [], "issues": None}
            return 200, {"Content-Type": "application/json"}, mutate_json(log, rng)
        if method == "PUT" and "/notary-submissions-prod/" in path:
            return 200, {"ETag": '"e"'}, b""
        if self.requests > 400:
            return 404, {"Content-Type": "application/json"}, b'{"errors":[]}'
        choice = rng.random()
        if choice < 0.06:
            return 401, {"Content-Type": "application/json"}, b'{"errors":[{"status":"401","code":"NOT_AUTHORIZED","title":"Authentication credentials are missing or invalid."}]}'
        if choice < 0.10:
            errors = {"errors": [{"id": "x", "status": "409", "code": "ENTITY_ERROR.ATTRIBUTE.INVALID", "title": "An attribute value is invalid.",
                                  "detail": "x" * rng.choice([10, 100_000]), "source": {"pointer": "/data/attributes/version"},
                                  "meta": {"associatedErrors": {"/v1/builds": [{"code": "E", "detail": "\u202e" * 50}]}}}]}
            return 409, {"Content-Type": "application/json"}, mutate_json(errors, rng)
        if choice < 0.13:
            return 429, {"Retry-After": rng.choice(["0", "1", "99999999999", "-5", "Wed, 21 Oct 2015 07:28:00 GMT", "x"])}, b""
        if choice < 0.16:
            return rng.choice([500, 502, 503]), {"Content-Type": "text/html"}, b"<html>down</html>"
        status, document = self.document(method, path)
        body = mutate_json(document, rng) if rng.random() < 0.5 else json.dumps(document).encode()
        headers = {"Content-Type": rng.choice(["application/json"] * 5 + ["text/html", "application/octet-stream"])}
        if rng.random() < 0.04:
            headers["X-Cut"] = "1"
        return status, headers, body


JSONAPI_LANES = """project: { name: Demo, scheme: Demo }
codesigning: { from: appstoreconnect, private_keys: { distribution: "${DIST_KEY}" } }
configurations:
  production: { app_identifier: works.sth.demo, certificate: distribution, provisioning_profile: Demo AppStore,
                export_method: app-store, build_configuration: Release }
lanes:
  beta:
    configuration: production
    steps:
      - archive: { build_number: { from: appstoreconnect } }
"""

NOTARY_LANES = """project: { name: Demo }
lanes:
  mac:
    steps:
      - sh: mkdir -p build && printf 'signed disk image' > build/App.dmg
      - notarize: { file: build/App.dmg, poll: 1s, timeout: 3s }
"""


def service_input(folder, rng, kind, key):
    service = HostileService(rng)
    base = {"APP_STORE_CONNECT_API_KEY_KEY_ID": "FUZZKEY123", "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "69a6de7e-fuzz",
            "APP_STORE_CONNECT_API_KEY_KEY": key, "DIST_KEY": key}
    if kind == "jsonapi":
        lanes, extra = JSONAPI_LANES, {"APP_STORE_CONNECT_ENDPOINT": service.base}
        commands = [["run", "beta", "--dry-run"]]
    else:
        lanes, extra = NOTARY_LANES, {"NOTARY_API_ENDPOINT": service.base, "NOTARY_S3_ENDPOINT": service.base}
        commands = [["run", "mac"]]
    with open(os.path.join(folder, "lanes.yml"), "w") as handle:
        handle.write(lanes)
    base.update(extra)
    # Secrets that must never be printed: the key's body and the S3 secret the service handed out.
    body = "".join(line for line in key.splitlines() if "-----" not in line)
    return [(command, environment(folder, base)) for command in commands], [body[10:50], SECRET_S3_KEY], service


def answers_input(kind, folder, rng, key):
    """(commands with their environments, strings that must not be printed, a server to stop)."""
    if kind == "xcresult":
        return (*xcresult_input(folder, rng), None)
    if kind == "xunit":
        return (*xunit_input(folder, rng), None)
    return service_input(folder, rng, kind, key)


def cleanup(server):
    if server is not None:
        server.stop()


KINDS = ("xcresult", "xunit", "jsonapi", "notary")
