public import Foundation

/// The JSON `xcodebuild test-without-building -enumerate-tests -test-enumeration-format json
/// -test-enumeration-style flat` writes (Xcode 15+): `{"values": [{"testPlan": …,
/// "enabledTests": [{"identifier": "Target/Class/test()"}], "disabledTests": […]}], "errors": […]}`.
/// Only enabled tests are sharded; an error xcodebuild lists fails the step with its text.
public enum TestEnumeration {
    public static func enabledTests(in data: Data) throws(TestEnumerationError) -> [String] {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw TestEnumerationError("xcodebuild's test enumeration is not a JSON object")
        }
        let errors = (root["errors"] as? [Any] ?? []).map { ($0 as? [String: Any])?["message"] as? String ?? "\($0)" }
        if !errors.isEmpty { throw TestEnumerationError("xcodebuild could not list the tests: \(errors.joined(separator: "; "))") }
        guard let values = root["values"] as? [[String: Any]] else {
            throw TestEnumerationError("xcodebuild's test enumeration has no 'values' list")
        }
        var seen = Set<String>()
        var tests: [String] = []
        for value in values {
            for entry in value["enabledTests"] as? [[String: Any]] ?? [] {
                guard let identifier = entry["identifier"] as? String, !identifier.isEmpty else { continue }
                // Several test plan configurations list a test once each: it is sharded once.
                if seen.insert(identifier).inserted { tests.append(identifier) }
            }
        }
        return tests
    }
}

public struct TestEnumerationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
