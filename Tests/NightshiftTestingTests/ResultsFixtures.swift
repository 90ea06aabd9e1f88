import Foundation
import NightshiftEngine
import NightshiftTesting

/// The test step's fixtures: `Fixtures/xcresult` (made for these tests; `reference/` holds the
/// recorded ones copied from ../shared/reference/xcresult) and `Fixtures/xunit` (recorded).
enum ResultsFixtures {
    static func path(_ name: String, in folder: String = "xcresult") -> String {
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        let sub = (base as NSString).deletingLastPathComponent
        let file = (base as NSString).lastPathComponent
        let subdirectory = "Fixtures/\(folder)" + (sub.isEmpty ? "" : "/\(sub)")
        guard let url = Bundle.module.url(forResource: file, withExtension: ext, subdirectory: subdirectory) else {
            fatalError("no fixture \(subdirectory)/\(file).\(ext)")
        }
        return url.path
    }

    static func data(_ name: String, in folder: String = "xcresult") throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path(name, in: folder)))
    }

    static func cases(_ name: String) throws -> [TestCaseResult] {
        try XCResultTestsReader().read(contentsOf: path(name))
    }

    static func summary(_ name: String) throws -> TestRunSummary {
        try XCResultSummaryReader().read(contentsOf: path(name))
    }

    /// The one case with this identifier (and argument, device, configuration when given).
    static func only(
        _ cases: [TestCaseResult], _ identifier: String, argument: String? = nil, device: String? = nil, configuration: String? = nil
    ) -> TestCaseResult? {
        let matches = cases.filter {
            $0.identifier == identifier && (argument == nil || $0.argument == argument) && (device == nil || $0.device == device)
                && (configuration == nil || $0.configuration == configuration)
        }
        return matches.count == 1 ? matches[0] : nil
    }
}
