import Crypto
import FlyingFox
import FlyingSocks
public import Foundation
import NightshiftCore
public import NightshiftSystem

/// Answers like Apple's Notary API ("Submit Software", "Get Submission Status", "Get Submission
/// Log", "Get Previous Submissions", with the JSON Apple documents), on loopback: a submission's status moves through the
/// script's statuses one status check at a time, its log 404s until the submission is finished,
/// the developer log is served from a pre-signed-looking URL, a status check can drop the
/// connection mid-answer, and a token can be refused once as expired. Every token is checked (ES256
/// signature, `kid`, `iss`, `aud`, lifetime, expiry on the test's clock); what was wrong is in
/// `problems`, which a test expects empty.
public final class FakeNotaryService: @unchecked Sendable {
    public static let keyID = AppleTokenCheck.keyID
    public static let issuerID = AppleTokenCheck.issuerID
    public static let submissionID = "2efe2717-52ef-43a5-96dc-0797e4ca1041"
    public static let secretAccessKey = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    public static let sessionToken = "FwoGZXIvYXdzEXAMPLESESSIONTOKENvalue1234567890"
    public static let bucket = "notary-submissions-prod"
    public static let object = "prod/AROARQRX7CZS3PRF6ZA5L:2efe2717-52ef-43a5-96dc-0797e4ca1041"
    public static let logSignature = "X-Amz-Signature=0f1e2d3c4b5a69788796a5b4c3d2e1f0"

    public struct Script: Sendable {
        /// Answers to the status checks, the last repeated.
        public var statuses = ["In Progress", "Accepted"]
        /// The developer log's issues once finished.
        public var issues: [[String: String]] = []
        public var statusSummary = "Ready for distribution"
        /// Status checks (by index from 0) that drop the connection instead of answering.
        public var droppedStatusChecks: Set<Int> = []
        /// The first call to a path ending so answers 401, as Apple does to an expired token.
        public var expireTokenOnce: String?
        /// How many log requests after the verdict still answer 404 (Apple's log can lag its status).
        public var logNotReady = 0
        /// How the next submissions' creations fail, one per `POST /notary/v2/submissions`, in order.
        public var createFailures: [CreateFailure] = []
        /// How many developer log downloads fail, and how.
        public var brokenLogs = 0
        public var brokenLog = BrokenLog.serverError
        /// More entries of "Get Previous Submissions" (`id`, `name`, `createdDate`, `status`), as
        /// other people's submissions would appear there. One with a `sha256` and a status other
        /// than `In Progress` has a developer log giving that SHA-256, as Apple's does.
        public var otherSubmissions: [[String: String]] = []
        public init() {}
    }

    public enum CreateFailure: Sendable {
        /// Answered with this status; no submission is made.
        case status(Int)
        /// The submission is made, then the connection drops before the answer is out.
        case dropAfterCreating
    }

    public enum BrokenLog: Sendable {
        case serverError
        /// A 200 whose body is not the log's JSON.
        case undecodable
    }

    /// The token check, request log and problems this fake shares with the others a test drives.
    public let gate: AppleServiceGate
    var clock: any WallClock { gate.clock }
    private let lock = NSLock()
    private var script: Script
    private var statusChecks = 0
    private var lastStatus = "In Progress"
    private var calls: [String] = []
    private var submitted: [[String: Any]] = []
    /// Apple's `createdDate` of each submission made, on the test's clock.
    private var createdDates: [String] = []
    /// Whether the scripted expiry went to the gate.
    private var expiryArmed = false
    private var server: LocalHTTPServer?

    /// `gate`: one shared with the other fakes of a test (one key, one request log); a gate of
    /// its own on `clock` by default.
    public init(clock: any WallClock, script: Script = Script(), gate: AppleServiceGate? = nil) async throws {
        self.gate = gate ?? AppleServiceGate(clock: clock)
        self.script = script
        server = try await LocalHTTPServer { [unowned self] request, _ in self.handle(request) }
    }

    public var pem: String { gate.pem }
    public var endpoint: String { "http://127.0.0.1:\(server?.port ?? 0)" }
    public var problems: [String] { gate.problems }
    /// Method and path of each call, in order.
    public var apiCalls: [String] { lock.withLock { calls } }
    /// How many submissions were created.
    public var submissions: Int { lock.withLock { submitted.count } }
    /// The bodies of `POST /notary/v2/submissions`.
    public var submissionBodies: [[String: Any]] { lock.withLock { submitted } }

    public func stop() async { await server?.stop() }

    /// Changes the script from now on.
    public func update(_ change: @Sendable (inout Script) -> Void) { lock.withLock { change(&script) } }

    private func handle(_ request: LocalHTTPServer.Received) -> FlyingFox.HTTPResponse {
        lock.withLock { calls.append("\(request.method) \(request.path)") }
        if request.path == "/developer-log" {
            guard request.headers["authorization"] == nil else { return problem("the log URL got an Authorization header") }
            guard request.query["X-Amz-Signature"] != nil else { return problem("the log URL lost its signature") }
            return developerLog(id: request.query["id"])
        }
        // The script's expiry goes to the gate once named (a test may name it after the start).
        let expiry = lock.withLock { () -> String? in
            guard !expiryArmed, let suffix = script.expireTokenOnce else { return nil }
            expiryArmed = true
            return suffix
        }
        if let expiry { gate.expireTokenOnce(at: expiry) }
        if let refusal = gate.admit(request) { return refusal }
        let prefix = "/notary/v2/submissions"
        switch (request.method, request.path) {
        case ("POST", prefix): return create(request)
        case ("GET", prefix): return previousSubmissions()
        case ("GET", prefix + "/" + Self.submissionID): return status()
        case ("GET", let path) where path.hasPrefix(prefix + "/") && path.hasSuffix("/logs") && listedLog(path) != nil:
            return logURL(id: listedLog(path) ?? "")
        case ("GET", prefix + "/" + Self.submissionID + "/logs"): return logURL()
        case ("GET", let path) where path.hasPrefix(prefix + "/"):
            return .status(404, #"{"errors":[{"status":"404","code":"NOT_FOUND","title":"The specified resource does not exist"}]}"#)
        default: return problem("unexpected \(request.method) \(request.path)")
        }
    }

    private func create(_ request: LocalHTTPServer.Received) -> FlyingFox.HTTPResponse {
        guard request.headers["content-type"] == "application/json",
            let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
            let sha = body["sha256"] as? String, sha.count == 64, body["submissionName"] is String
        else { return problem("bad submission body \(request.bodyText)") }
        let failure = lock.withLock { () -> CreateFailure? in
            let failure = script.createFailures.isEmpty ? nil : script.createFailures.removeFirst()
            if case .status? = failure { return failure }
            submitted.append(body)
            createdDates.append(Self.appleDate(clock.now))
            return failure
        }
        switch failure {
        case .status(let code)?:
            return .status(code, #"{"errors":[{"status":"\#(code)","code":"UNEXPECTED_ERROR","title":"An unexpected error occurred."}]}"#)
        case .dropAfterCreating?: return Self.cutShort()
        case nil: break
        }
        return .json([
            "data": [
                "type": "newSubmissions", "id": Self.submissionID,
                "attributes": [
                    "awsAccessKeyId": "ASIAEXAMPLEACCESSKEY", "awsSecretAccessKey": Self.secretAccessKey,
                    "awsSessionToken": Self.sessionToken, "bucket": Self.bucket, "object": Self.object,
                ],
            ],
            "meta": [:],
        ])
    }

    private func status() -> FlyingFox.HTTPResponse {
        let (index, status, dropped) = lock.withLock { () -> (Int, String, Bool) in
            let index = statusChecks
            statusChecks += 1
            let status = script.statuses[min(index, script.statuses.count - 1)]
            let dropped = script.droppedStatusChecks.contains(index)
            if !dropped { lastStatus = status }
            return (index, status, dropped)
        }
        _ = index
        if dropped { return Self.cutShort() }
        return .json([
            "data": [
                "type": "submissions", "id": Self.submissionID,
                "attributes": ["createdDate": "2026-11-26T01:38:09.498Z", "name": "App.dmg", "status": status],
            ],
            "meta": [:],
        ])
    }

    /// "Get Previous Submissions": the submissions made, newest first, then `otherSubmissions`.
    private func previousSubmissions() -> FlyingFox.HTTPResponse {
        let (bodies, dates, status, others) = lock.withLock { (submitted, createdDates, lastStatus, script.otherSubmissions) }
        var data: [[String: Any]] = zip(bodies, dates).reversed().map { body, date in
            [
                "id": Self.submissionID, "type": "submissions",
                "attributes": ["createdDate": date, "name": body["submissionName"] as? String ?? "", "status": status],
            ]
        }
        data += others.map { entry in
            [
                "id": entry["id"] ?? "", "type": "submissions",
                "attributes": ["createdDate": entry["createdDate"] ?? "", "name": entry["name"] ?? "", "status": entry["status"] ?? ""],
            ]
        }
        return .json(["data": data, "meta": [:]])
    }

    /// `2022-06-08T01:38:09.498Z`, as Apple writes dates.
    public static func appleDate(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// The id of `otherSubmissions`' entry whose log `path` asks for, when it has one.
    private func listedLog(_ path: String) -> String? {
        let id = path.split(separator: "/").dropLast().last.map(String.init) ?? ""
        return lock.withLock { script.otherSubmissions }.first {
            $0["id"] == id && $0["sha256"] != nil && $0["status"] != "In Progress"
        }.map { _ in id }
    }

    private func logURL(id: String) -> FlyingFox.HTTPResponse {
        .json([
            "data": [
                "type": "submissionsLog", "id": id,
                "attributes": ["developerLogUrl": "\(endpoint)/developer-log?id=\(id)&X-Amz-Expires=300&\(Self.logSignature)"],
            ],
            "meta": [:],
        ])
    }

    /// 404 until the submission is finished, as Apple's service answers.
    private func logURL() -> FlyingFox.HTTPResponse {
        let ready = lock.withLock { () -> Bool in
            guard lastStatus != "In Progress" else { return false }
            guard script.logNotReady == 0 else {
                script.logNotReady -= 1
                return false
            }
            return true
        }
        guard ready else {
            return .status(404, #"{"errors":[{"status":"404","code":"NOT_FOUND","title":"Submission log is not yet available"}]}"#)
        }
        return .json([
            "data": [
                "type": "submissionsLog", "id": Self.submissionID,
                "attributes": ["developerLogUrl": "\(endpoint)/developer-log?X-Amz-Expires=300&\(Self.logSignature)"],
            ],
            "meta": [:],
        ])
    }

    /// The log of `id` when `otherSubmissions` lists it, else of the submission made here, with
    /// the SHA-256 it was submitted with, as Apple's log gives the file's.
    private func developerLog(id: String?) -> FlyingFox.HTTPResponse {
        if let id, let entry = lock.withLock({ script.otherSubmissions }).first(where: { $0["id"] == id }) {
            return .json([
                "logFormatVersion": 1, "jobId": id, "status": entry["status"] ?? "", "statusSummary": "", "statusCode": 0,
                "archiveFilename": entry["name"] ?? "", "uploadDate": entry["createdDate"] ?? "", "sha256": entry["sha256"] ?? "",
                "ticketContents": NSNull(), "issues": NSNull(),
            ])
        }
        let broken = lock.withLock { () -> BrokenLog? in
            guard script.brokenLogs > 0 else { return nil }
            script.brokenLogs -= 1
            return script.brokenLog
        }
        switch broken {
        case .serverError?: return .status(500, "<Error><Code>InternalError</Code></Error>")
        case .undecodable?: return .status(200, "<html>not the log</html>", headers: ["Content-Type": "text/html"])
        case nil: break
        }
        let (status, summary, issues, sha256) = lock.withLock {
            (lastStatus, script.statusSummary, script.issues, submitted.last?["sha256"] as? String ?? String(repeating: "0", count: 64))
        }
        return .json([
            "logFormatVersion": 1, "jobId": Self.submissionID, "status": status, "statusSummary": summary, "statusCode": 0,
            "archiveFilename": "App.dmg", "uploadDate": "2026-11-26T01:38:09.498Z", "sha256": sha256,
            "ticketContents": [["path": "App.dmg", "digestAlgorithm": "SHA-256", "cdhash": "8a8c9d", "arch": "arm64"]],
            "issues": issues.isEmpty ? NSNull() : issues as Any,
        ])
    }

    private func problem(_ text: String) -> FlyingFox.HTTPResponse {
        gate.record(text)
        return .status(400, text)
    }

    /// Headers and a few bytes of a 200 whose body then fails: the connection closes mid-answer.
    static func cutShort() -> FlyingFox.HTTPResponse {
        FlyingFox.HTTPResponse(
            statusCode: .ok, headers: [.contentType: "application/json"], body: HTTPBodySequence(from: CutShortBytes(), count: 400))
    }
}

/// Eight bytes, then an error: what a connection that drops mid-body delivers.
struct CutShortBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    struct Dropped: Error {}

    struct AsyncIterator: AsyncBufferedIteratorProtocol {
        var sent = false
        mutating func next() async throws -> UInt8? {
            guard !sent else { throw Dropped() }
            sent = true
            return UInt8(ascii: "{")
        }
        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard !sent else { throw Dropped() }
            sent = true
            return Array(#"{"data":"#.utf8)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}

extension LocalHTTPServer.Received {
    var bodyText: String { String(decoding: body, as: UTF8.self) }
}
