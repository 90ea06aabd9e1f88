public import NightshiftSystem

/// `swift test`'s command lines for a package's tests.
public struct SwiftPMTestCommands: Sendable, Hashable {
    public var swift: String
    public var packagePath: String
    public var coverage: Bool

    public init(swift: String = "swift", packagePath: String, coverage: Bool) {
        self.swift = swift
        self.packagePath = packagePath
        self.coverage = coverage
    }

    /// `filters`: `--filter` regular expressions (the tests to run; all when empty);
    /// `skips`: `--skip` ones. The xUnit file gets XCTest's results, and its
    /// `-swift-testing` sibling Swift Testing's.
    public func test(xunit: String, filters: [String], skips: [String]) -> ShellCommand {
        // `--parallel`: SwiftPM writes XCTest's xUnit file only for a parallel run (Swift 6.3 on
        // Linux writes just the Swift Testing one otherwise).
        var arguments = ["test", "--package-path", packagePath, "--parallel", "--xunit-output", xunit]
        if coverage { arguments.append("--enable-code-coverage") }
        arguments += filters.flatMap { ["--filter", $0] } + skips.flatMap { ["--skip", $0] }
        return ShellCommand(swift, arguments)
    }

    /// Prints where the last coverage run left its JSON (llvm-cov's export format).
    public var coveragePath: ShellCommand {
        ShellCommand(swift, ["test", "--package-path", packagePath, "--show-codecov-path"])
    }

    /// One test matched exactly, as its library's `--filter` sees it: every regular-expression
    /// character escaped, anchored; a Swift Testing test with its source location, whatever the
    /// file and position (never its suite, which would re-run the suite's every test).
    public static func exactFilter(_ identifier: String, library: SwiftPMTestLibrary) -> String {
        switch library {
        case .xctest: "^" + escaped(identifier) + "$"
        case .swiftTesting: "^" + escaped(identifier) + "/[^/]+:[0-9]+:[0-9]+$"
        }
    }

    /// `only:`/`skip:` entries (`Module`, `Module.Suite`, `Module.Suite/test`), as prefixes:
    /// `Module.Suite` takes that suite's tests, not `Module.SuiteTwo`'s.
    public static func prefixFilter(_ identifier: String) -> String {
        "^" + escaped(identifier) + "([./]|$)"
    }

    /// By bytes: every metacharacter is ASCII, so a backslash before one keeps the UTF-8 whole
    /// (a re-run of 50,000 tests escapes each name; by `Character` it was seconds in a debug build).
    static func escaped(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "."), UInt8(ascii: "|"), UInt8(ascii: "?"),
                UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
                UInt8(ascii: "{"), UInt8(ascii: "}"):
                result.append(UInt8(ascii: "\\"))
            default: break
            }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
