import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import Testing
@testable import NightshiftReporting

/// The Xcode a lane's `xcode:` chose, in every report of its run (issue #39).
@Suite("the lane's Xcode in the reports")
struct XcodeReportTests {
    static var result: LaneResult {
        var result = LaneResult(
            lane: "beta", status: .passed, steps: [], start: Date(timeIntervalSince1970: 1_750_000_000), duration: .seconds(3), runID: "r1",
            logFolder: "")
        result.xcode = InstalledXcode(
            app: "/Applications/Xcode_26.2.app", version: XcodeVersion(components: [26, 2]), build: "17C52", isBeta: false)
        return result
    }

    @Test("JSON: version, build, beta and path; absent when the lane pins none")
    func json() throws {
        let document = try JSONSerialization.jsonObject(with: try JSONReport(results: [Self.result]).render()) as? [String: Any]
        let lane = try #require((document?["lanes"] as? [[String: Any]])?.first)
        let xcode = try #require(lane["xcode"] as? [String: Any])
        #expect(xcode["version"] as? String == "26.2")
        #expect(xcode["build"] as? String == "17C52")
        #expect(xcode["beta"] as? Bool == false)
        #expect(xcode["path"] as? String == "/Applications/Xcode_26.2.app")
        var unpinned = Self.result
        unpinned.xcode = nil
        let plain = try JSONSerialization.jsonObject(with: try JSONReport(results: [unpinned]).render()) as? [String: Any]
        #expect((plain?["lanes"] as? [[String: Any]])?.first?["xcode"] == nil)
    }

    @Test("JUnit: xcode.version and xcode.build properties of the lane's suite")
    func junit() {
        let xml = JUnitReport(results: [Self.result]).render()
        #expect(xml.contains(#"<property name="xcode.version" value="26.2"/>"#))
        #expect(xml.contains(#"<property name="xcode.build" value="17C52"/>"#))
    }

    @Test("HTML: among the lane's facts")
    func html() throws {
        let folder = try AbsolutePath(validating: NSTemporaryDirectory() + "xcode-report/report")
        let html = HTMLReport(results: [Self.result]).render(in: folder, secrets: RunSecrets(secrets: [])).index.text
        #expect(html.contains("Xcode"))
        #expect(html.contains("26.2 (17C52)"))
    }
}
