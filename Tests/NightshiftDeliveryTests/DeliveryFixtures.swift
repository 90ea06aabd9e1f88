import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
@testable import NightshiftServices
import NightshiftFakeTransport

/// A scratch directory inside the test's temporary directory (`.temporaryDirectory`).
struct ScratchDirectory {
    let path: String

    init() throws {
        path = try TemporaryDirectory.make("delivery")
    }

    func file(_ name: String, bytes count: Int, seed: UInt8 = 7) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        var data = Data(count: count)
        for index in 0..<count { data[index] = UInt8(truncatingIfNeeded: index &* 31 &+ Int(seed)) }
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }

    /// `kind` made at `<scratch>/<name>`: its path, and what nightshift calls it ("it is a FIFO").
    func notAFile(_ kind: NotAFile, named name: String) throws -> (path: String, reason: String) {
        let made = self.path + "/" + name
        return (made, try kind.make(at: made))
    }

    func subdirectory(_ name: String) throws -> String {
        let directory = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    func contents() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Parameters as the step performer hands them over (templates already expanded).
func parameters(_ values: [String: String], lists: [String: [String]] = [:], maps: [String: [String: String]] = [:]) -> [String:
    UploadParameter]
{
    var result = values.mapValues { UploadParameter.scalar(Template($0)) }
    for (key, list) in lists { result[key] = .list(list.map { Template($0) }) }
    for (key, map) in maps { result[key] = .map(map.mapValues { Template($0) }) }
    return result
}

/// Clients over the live URLSession transport, with waits on a manual clock.
/// Clients over the real network. Their back-off sleeps on `clock`: by default one that skips
/// ahead, because a `ManualClock` nobody advances turned a single refused or slow attempt on a
/// loaded machine (a full `swift test` beside the end-to-end suites) into a retry that waited
/// for ever, hanging the whole run. A test that checks the waits passes its own clock.
func liveClients(clock: any WallClock = SkippingClock()) -> @Sendable (UploadRetryPolicy) -> RetryingHTTPClient {
    { policy in
        // The shipped idle limit: the loopback server answers on threads of its own, so a loaded
        // run no longer leaves a request unanswered for minutes (it needed 300 s when it did not).
        RetryingHTTPClient(transport: URLSessionTransport(), clock: clock, jitter: FixedJitter(unit: 0), policy: policy)
    }
}

final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [UploadProgress] = []
    var all: [UploadProgress] { lock.withLock { events } }
    var record: @Sendable (UploadProgress) -> Void { { [self] event in lock.withLock { events.append(event) } } }
}
