import Foundation
import NightshiftTestSupport
public import NightshiftCore
import NightshiftLanes

/// The repository's lanes.yml as the loader reads it: what `nightshift export jenkins` sees, so
/// the goldens in scripts/jenkins/ are what users get (a hand-built copy missed the defaults the
/// loader adds, such as an upload's credentials).
public enum BundledLanes {
    public static func at(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: "lanes.yml", line: line, column: column)
    }

    /// Throws, rather than crashing the test run, when lanes.yml does not load.
    public static var file: LanesFile {
        get throws { try loaded.get() }
    }

    private static let loaded = Result<LanesFile, any Error> {
        let text = try String(contentsOf: RepositoryFiles.root.appendingPathComponent("lanes.yml"), encoding: .utf8)
        return try LanesFileLoader().parse(text: text, path: "lanes.yml")
    }
}
