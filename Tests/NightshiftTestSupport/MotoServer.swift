public import Foundation
import Testing

/// `moto_server` (moto[server] from PyPI, in `.build-tools/venv`), a real S3-compatible server
/// on a free loopback port, for the S3 uploader's tests. `start()` launches it (port 0: the
/// server picks a free one and prints it), waits until it says it is listening, and `stop()`
/// ends it (SIGTERM to its own pid). Tests skip, saying so, when moto is not installed.
public final class MotoServer: @unchecked Sendable {
    public static let executable = BuildToolsVenv.executable("moto_server")

    public let endpoint: URL
    public let port: Int
    private let process: Process
    private let logFile: String

    /// `environment`: moto's settings, e.g. `S3_UPLOAD_PART_MIN_SIZE` so that tests may send
    /// parts smaller than S3's 5 MiB.
    public static func start(environment: [String: String] = [:]) async throws -> MotoServer {
        guard let executable else { throw MotoError(message: "moto_server is not in .build-tools/venv: run scripts/install-deps") }
        let logFile = try TemporaryDirectory.make("moto") + "/moto.log"
        _ = FileManager.default.createFile(atPath: logFile, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: logFile))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-H", "127.0.0.1", "-p", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
        var port: Int?
        _ = await waitUntil("moto_server is listening (see \(logFile))", timeout: .seconds(120), checkingEvery: .milliseconds(50)) {
            port = listeningPort(in: (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "")
            return port != nil || !process.isRunning
        }
        guard let port else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw MotoError(message: "moto_server did not start: \((try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "")")
        }
        return MotoServer(process: process, port: port, logFile: logFile)
    }

    private init(process: Process, port: Int, logFile: String) {
        self.process = process
        self.port = port
        self.logFile = logFile
        endpoint = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// ` * Running on http://127.0.0.1:43717` (werkzeug's line).
    static func listeningPort(in log: String) -> Int? {
        guard let range = log.range(of: "Running on http://127.0.0.1:") else { return nil }
        return Int(log[range.upperBound...].prefix { $0.isNumber })
    }

    /// The requests moto logged (werkzeug's access log: `"PUT /bucket/key?partNumber=2&uploadId=… HTTP/1.1" 200 -`).
    public var requestLines: [String] {
        ((try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            guard let start = line.firstIndex(of: "\""), let end = line[line.index(after: start)...].firstIndex(of: "\"") else {
                return nil
            }
            return String(line[line.index(after: start)..<end])
        }
    }

    /// SIGKILL: Foundation's `Process` on Linux hands the test thread's blocked signal mask to
    /// the child, so moto never sees a SIGTERM (its mask blocks it); it keeps nothing to flush.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }

    public struct MotoError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
