/// The two test libraries `swift test` runs. `--filter` matches each one's tests by a different
/// identifier (Swift 6.3.1, tried with the real toolchain): XCTest's is `Module.Class/test`;
/// Swift Testing's is the test's id, `Module.Suite/Nested/test()/File.swift:12:4` (a free
/// function's `Module.test()/File.swift:6:2`), which ends in the source location the xUnit file
/// does not give, and whose suites match every test inside them.
public enum SwiftPMTestLibrary: Sendable, Hashable {
    case xctest
    case swiftTesting
}
