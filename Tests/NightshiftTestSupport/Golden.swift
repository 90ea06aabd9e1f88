import Foundation
public import Testing

/// Compares text with a committed golden file, printing a line diff on mismatch. With
/// `NIGHTSHIFT_RECORD=1` it rewrites the file instead and fails once, so recording is never silent.
public enum Golden {
    public static func assertMatches(
        _ actual: String, file path: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if ProcessInfo.processInfo.environment["NIGHTSHIFT_RECORD"] == "1" {
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: URL(fileURLWithPath: path))
            Issue.record("recorded \(path); run again without NIGHTSHIFT_RECORD", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("no golden file at \(path); run with NIGHTSHIFT_RECORD=1 to create it", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record("\(path) differs:\n\(diff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
        }
    }

    /// A plain +/– line diff: enough to read a golden mismatch.
    public static func diff(expected: String, actual: String) -> String {
        let old = expected.components(separatedBy: "\n"), new = actual.components(separatedBy: "\n")
        var lines: [String] = []
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? old[index] : nil, after = index < new.count ? new[index] : nil
            if before == after { continue }
            if let before { lines.append("- \(before)") }
            if let after { lines.append("+ \(after)") }
        }
        return lines.joined(separator: "\n")
    }

    /// The source tree folder of the test file that calls this (goldens live beside the tests).
    public static func folder(of filePath: String = #filePath) -> String {
        (filePath as NSString).deletingLastPathComponent
    }
}
