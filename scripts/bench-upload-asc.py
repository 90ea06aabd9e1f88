"""A sink shaped like App Store Connect's build-upload API, for scripts/bench-upload's API path.

It answers the calls an upload with `app_id:` and `wait: false` makes (POST /v1/buildUploads,
POST /v1/buildUploadFiles with PART_SIZE parts, PUT /parts/N, PATCH /v1/buildUploadFiles/F), reads
every part whole and refuses a short one, and refuses the commit unless every part arrived. Its
port goes to the file named by argv[1]; it serves until killed. It checks no token: the unit and
end-to-end tests' fake does that.
"""
import http.server, json, sys, threading

PART_SIZE = 16 * 1024 * 1024
state = {"size": 0, "parts": set()}
lock = threading.Lock()


class AppStoreConnect(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def body(self):
        remaining = int(self.headers.get("Content-Length", "0"))
        received = bytearray() if remaining < (1 << 20) else None
        count = 0
        while remaining > 0:
            chunk = self.rfile.read(min(remaining, 1 << 20))
            if not chunk:
                break
            count += len(chunk)
            remaining -= len(chunk)
            if received is not None:
                received += chunk
        return count, bytes(received or b"")

    def answer(self, status, document=None):
        data = json.dumps(document).encode() if document is not None else b""
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        _, raw = self.body()
        request = json.loads(raw or b"{}")
        if self.path == "/v1/buildUploads":
            return self.answer(201, {"data": {"type": "buildUploads", "id": "bench-upload"}})
        if self.path == "/v1/buildUploadFiles":
            size = request["data"]["attributes"]["fileSize"]
            with lock:
                state["size"], state["parts"] = size, set()
            port = self.server.server_address[1]
            operations = [
                {"method": "PUT", "url": f"http://127.0.0.1:{port}/parts/{n + 1}", "offset": offset,
                 "length": min(PART_SIZE, size - offset), "partNumber": n + 1,
                 "requestHeaders": [{"name": "Content-Type", "value": "application/octet-stream"}]}
                for n, offset in enumerate(range(0, size, PART_SIZE))
            ]
            return self.answer(201, {"data": {"type": "buildUploadFiles", "id": "bench-file",
                                              "attributes": {"uploadOperations": operations}}})
        self.answer(404, {"errors": [{"code": "NOT_FOUND", "detail": self.path}]})

    def do_PUT(self):
        count, _ = self.body()
        number = int(self.path.rsplit("/", 1)[1])
        expected = min(PART_SIZE, state["size"] - (number - 1) * PART_SIZE)
        if count != expected:
            return self.answer(400, {"errors": [{"code": "SHORT_PART", "detail": f"{count} of {expected}"}]})
        with lock:
            state["parts"].add(number)
        self.answer(200)

    def do_PATCH(self):
        self.body()
        expected = (state["size"] + PART_SIZE - 1) // PART_SIZE
        if len(state["parts"]) != expected:
            return self.answer(409, {"errors": [{"code": "MISSING_PARTS", "detail": f"{len(state['parts'])} of {expected}"}]})
        self.answer(200, {"data": {"type": "buildUploadFiles", "id": "bench-file"}})

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), AppStoreConnect)
with open(sys.argv[1], "w") as f:
    f.write(str(server.server_address[1]))
server.serve_forever()
