import Foundation
@testable import NightshiftDelivery
import NightshiftSystem
@testable import NightshiftServices

/// A folder of `.dSYM` bundles as an archive holds them, each DWARF file a few known bytes.
struct DSYMFolder {
    let path: String

    init(in scratch: ScratchDirectory, bundles: [(bundle: String, binary: String, bytes: String)]) throws {
        path = try scratch.subdirectory("dSYMs")
        for (bundle, binary, bytes) in bundles {
            let dwarf = "\(path)/\(bundle)/Contents/Resources/DWARF"
            try FileManager.default.createDirectory(atPath: dwarf, withIntermediateDirectories: true)
            try Data(bytes.utf8).write(to: URL(fileURLWithPath: "\(dwarf)/\(binary)"))
        }
    }
}

/// An `HTTPTransport` that reads each streamed body when it is sent (the uploader deletes the
/// temporary file afterwards), answering from a list of statuses.
final class BodyReadingTransport: HTTPTransport, Sendable {
    struct Received: Sendable {
        var request: HTTPTransportRequest
        var body: String
    }

    private let state: LockedValue<(statuses: [Int], received: [Received])>

    init(statuses: [Int]) {
        state = LockedValue((statuses, []))
    }

    var requests: [Received] { state.withLock { $0.received } }

    func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> HTTPTransportResponse {
        var body = ""
        if case .file(let path) = request.body {
            body = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<unreadable>"
        }
        let status = state.withLock { state -> Int in
            state.received.append(Received(request: request, body: body))
            return state.statuses.isEmpty ? 599 : state.statuses.removeFirst()
        }
        return HTTPTransportResponse(status: status)
    }
}
