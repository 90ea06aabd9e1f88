// The client half of scripts/bench-trickle: one GET through URLSession with a data delegate, as
// nightshift's URLSessionTransport waits (nothing of ours polls); the script measures its CPU
// seconds with GNU time. Not part of the package.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    var received = 0
    let done = DispatchSemaphore(value: 0)

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) { received += data.count }
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) { done.signal() }
}

let url = URL(string: CommandLine.arguments[1])!
let collector = Collector()
let session = URLSession(configuration: .ephemeral, delegate: collector, delegateQueue: nil)
let start = Date()
session.dataTask(with: url).resume()
collector.done.wait()
let wall = Date().timeIntervalSince(start)
print(String(format: "%d bytes in %.1f s", collector.received, wall))
