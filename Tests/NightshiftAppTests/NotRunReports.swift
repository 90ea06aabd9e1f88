import Foundation
import Testing

/// Issue #26.13: `lint`, named after `broken` failed, is in the JSON and JUnit reports as not run.
func expectLintNotRunAfterBroken(in app: AppHarness) throws {
    let json = try #require(app.read("r.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let lanes = try #require(document["lanes"] as? [[String: Any]])
    let lint = try #require(lanes.first { $0["lane"] as? String == "lint" }, "\(json)")
    #expect(lint["status"] as? String == "not run")
    #expect(lint["message"] as? String == "lane 'broken' failed before it started")
    #expect(lint["run_id"] == nil)
    let junit = try #require(app.read("r.xml"))
    #expect(junit.contains("<testsuite name=\"lint\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\""), "\(junit)")
    #expect(junit.contains("<skipped message=\"lane not run: lane &apos;broken&apos; failed before it started\"/>"))
}
