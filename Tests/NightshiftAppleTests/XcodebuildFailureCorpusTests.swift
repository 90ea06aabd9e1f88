import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
import NightshiftTestSupport
import Testing

/// One failing xcodebuild run under Fixtures/xcodebuild and the lines in it that say why it
/// failed: each must reach the condensed terminal view on its own, before any failure tail.
struct XcodebuildFailureFixture: Sendable, CustomTestStringConvertible {
    let name: String
    let reasons: [String]

    var testDescription: String { name }
}

/// Issue #14 §1: the condensed view must never hide why a build failed. The fixtures are our
/// own, written after real failures (xcbeautify's test data, fastlane and other issue threads).
@Suite("xcodebuild failure corpus")
struct XcodebuildFailureCorpusTests {
    static let folder = Golden.folder() + "/Fixtures/xcodebuild"
    static let derived =
        "/Users/ci/Library/Developer/Xcode/DerivedData/Nightly-bqhzcfwvmkxjxa/Build/Intermediates.noindex/ArchiveIntermediates/Nightly"
    static let app = derived + "/InstallationBuildProductsLocation/Applications/Nightly.app"
    static let scripts = derived + "/IntermediateBuildFilesPath/Nightly.build/Release-iphoneos/Nightly.build"
    static let objects = scripts + "/Objects-normal/arm64"

    static let fixtures: [XcodebuildFailureFixture] = [
        .init(
            name: "link-undefined-symbols",
            reasons: [
                "Undefined symbols for architecture arm64:",
                "  \"_OBJC_CLASS_$_NAKEventTracker\", referenced from:",
                "       in Tracking.o",
                "  \"_NAKTrackEvent\", referenced from:",
                "      Nightly.Tracking.send(_: Swift.String) -> () in Tracking.o",
                "      Nightly.AppDelegate.application(_:didFinishLaunchingWithOptions:) -> Swift.Bool in AppDelegate.o",
                "ld: symbol(s) not found for architecture arm64",
                "clang: error: linker command failed with exit code 1 (use -v to see invocation)",
                "Command Ld failed with a nonzero exit code",
                "** ARCHIVE FAILED **",
            ]),
        .init(
            name: "link-library-not-found",
            reasons: [
                "ld: warning: search path '\(derived)/BuildProductsPath/Release-iphoneos/Pods' not found",
                "ld: library not found for -lPods-Nightly",
                "clang: error: linker command failed with exit code 1 (use -v to see invocation)",
                "Command Ld failed with a nonzero exit code",
            ]),
        .init(
            name: "link-duplicate-symbols",
            reasons: [
                "duplicate symbol '_OBJC_CLASS_$_Reachability' in:",
                "    \(objects)/Reachability.o",
                "    \(derived)/BuildProductsPath/Release-iphoneos/libNetworkHelpers.a[3](Reachability.o)",
                "duplicate symbol '_kReachabilityChangedNotification' in:",
                "ld: 2 duplicate symbols",
                "Command Ld failed with a nonzero exit code",
            ]),
        .init(
            name: "codesign-errsec",
            reasons: [
                "\(app)/Frameworks/AnalyticsKit.framework: replacing existing signature",
                "\(app): errSecInternalComponent",
                "Command CodeSign failed with a nonzero exit code",
                "The following build commands failed:",
                "\tCodeSign \(app) (in target 'Nightly' from project 'Nightly')",
                "(2 failures)",
                "** ARCHIVE FAILED **",
            ]),
        .init(
            name: "signing-settings",
            reasons: [
                "/Users/ci/work/Nightly/Nightly.xcodeproj: error: No signing certificate \"iOS Distribution\" found: No \"iOS Distribution\" signing certificate matching team ID \"AB12CD34EF\" with a private key was found. (in target 'Nightly' from project 'Nightly')",
                "/Users/ci/work/Nightly/Nightly.xcodeproj: Provisioning profile \"Nightly App Store\" doesn't include signing certificate \"Apple Distribution: Nightly Apps Ltd (AB12CD34EF)\". (in target 'Nightly' from project 'Nightly')",
            ]),
        .init(
            name: "script-phase-command-not-found",
            reasons: [
                "\(scripts)/Script-8C2E41F02B7A9D1100E4C3A1.sh: line 3: swiftlint: command not found",
                "Command PhaseScriptExecution failed with a nonzero exit code",
            ]),
        .init(
            name: "script-phase-rsync",
            reasons: [
                "building file list ... rsync: link_stat \"\(derived)/IntermediateBuildFilesPath/UninstalledProducts/iphoneos/Charts.framework\" failed: No such file or directory (2)",
                "rsync error: some files could not be transferred (code 23) at /AppleInternal/Library/BuildRoots/4ff29661-3588-11ef-9513-e2437461156c/Library/Caches/com.apple.xbs/Sources/rsync/rsync/main.c(996) [sender=2.6.9]",
                "Command PhaseScriptExecution failed with a nonzero exit code",
            ]),
        .init(
            name: "export-provisioning",
            reasons: [
                "error: exportArchive: Provisioning profile \"Nightly App Store\" doesn't include signing certificate \"Apple Distribution: Nightly Apps Ltd (AB12CD34EF)\".",
                "Error Domain=IDEProvisioningErrorDomain Code=9 \"\"Nightly.app\" requires a provisioning profile.\" UserInfo={IDEDistributionIssueSeverity=3, NSLocalizedDescription=\"Nightly.app\" requires a provisioning profile., NSLocalizedRecoverySuggestion=Add a profile to the \"provisioningProfiles\" dictionary in your Export Options property list.}",
                "** EXPORT FAILED **",
            ]),
        .init(
            name: "compile-error",
            reasons: [
                "/Users/ci/work/Nightly/Sources/App/Checkout.swift:12:5: error: cannot convert value of type 'String' to expected argument type 'Int'",
                "    total.add(priceLabel.text)",
                "    ^~~~~~~~~",
                "/Users/ci/work/Nightly/Sources/App/Checkout.swift:4:10: note: 'add' declared here",
                "    func add(_ cents: Int) {",
                "         ^",
                "/Users/ci/work/Nightly/Sources/App/Checkout.swift:30:13: warning: initialization of immutable value 'unused' was never used; consider replacing with assignment to '_' or removing it",
                "        let unused = basket.count",
                "        ~~~~^~~~~~",
                "Command SwiftCompile failed with a nonzero exit code",
            ]),
        .init(
            name: "compiler-crash",
            reasons: [
                "Please submit a bug report (https://swift.org/contributing/#reporting-bugs) and include the crash backtrace.",
                "Stack dump:",
                "1.\tApple Swift version 5.10 (swiftlang-5.10.0.13 clang-1500.3.9.4)",
                "4.\tWhile emitting IR SIL function \"@$s7Nightly8RendererC4drawyyF\".",
                " for 'draw()' (at /Users/ci/work/Nightly/Sources/App/Renderer.swift:88:9)",
                "error: compile command failed due to signal 11 (use -v to see invocation)",
                "Command SwiftCompile failed with a nonzero exit code",
            ]),
        .init(
            name: "swift-testing-failure",
            reasons: [
                "✘ Test discountsApplyOnce() recorded an issue at BasketTests.swift:27:9: Expectation failed: (basket.total → 1800) == 1600",
                "✘ Test discountsApplyOnce() failed after 0.003 seconds with 1 issue.",
                "✘ Test run with 2 tests in 1 suite failed after 0.005 seconds with 1 issue.",
                "** TEST FAILED **",
            ]),
        .init(
            name: "xctest-failure",
            reasons: [
                "/Users/ci/work/Nightly/Tests/NightlyTests/CheckoutTests.swift:41: error: -[NightlyTests.CheckoutTests testTotalIncludesTax] : XCTAssertEqual failed: (\"1990\") is not equal to (\"2189\")",
                "Test Case '-[NightlyTests.CheckoutTests testTotalIncludesTax]' failed (0.012 seconds).",
                "Test Suite 'All tests' failed at 2026-11-23 16:02:11.498.",
                "Failing tests:",
                "\tCheckoutTests.testTotalIncludesTax()",
                "** TEST FAILED **",
            ]),
    ]

    /// The fixture fed in odd-sized chunks, as a pipe delivers it: lines split across chunks too.
    static func condensed(_ name: String) throws -> [String] {
        let bytes = Array(try String(contentsOfFile: "\(folder)/\(name).txt", encoding: .utf8).utf8)
        var filter = XcodebuildOutputFilter()
        var shown: [String] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + 97, bytes.count)
            shown += filter.feed(Array(bytes[start..<end]))
            start = end
        }
        return shown + filter.finish()
    }

    @Test("every line that says why the build failed reaches the condensed view", arguments: fixtures)
    func keepsReasons(_ fixture: XcodebuildFailureFixture) throws {
        let shown = try Self.condensed(fixture.name)
        for reason in fixture.reasons {
            #expect(shown.contains(reason), "\(fixture.name) hid: \(reason)")
        }
    }

    @Test("tool invocations stay hidden in a failing build: condensed is still condensed", arguments: fixtures)
    func hidesInvocations(_ fixture: XcodebuildFailureFixture) throws {
        let shown = try Self.condensed(fixture.name)
        // A crash's first frame is the compiler's invocation: shown, as part of the crash report.
        let invocations = shown.filter {
            $0.hasPrefix("    cd ") || $0.contains("bin/clang -")
                || $0.contains("/usr/bin/swift-frontend -frontend") && !$0.hasPrefix("0.\tProgram arguments:")
        }
        #expect(invocations.isEmpty, "\(fixture.name) showed: \(invocations)")
    }

    @Test("Xcode's own test marks, an issue's indented detail, errors in any case; lone notes stay hidden")
    func variants() {
        let lines = [
            "note: Building targets in dependency order",
            "\u{100884} Test \"DELETE with RETURNING\" recorded an issue at DeleteTests.swift:69:9:",
            "   Expectation failed: (deleted?.id → nil) == (id → 7)",
            "Error: No lintable files found at paths: '/Users/ci/work/Nightly/Sources'",
            "ERROR: Sentry upload failed",
        ]
        var filter = XcodebuildOutputFilter()
        let shown = filter.feed(Array((lines.joined(separator: "\n") + "\n").utf8))
        #expect(shown == Array(lines.dropFirst()))
    }

    @Test("every fixture ends the way xcodebuild's failures end", arguments: fixtures)
    func endsLikeAFailure(_ fixture: XcodebuildFailureFixture) throws {
        let text = try String(contentsOfFile: "\(Self.folder)/\(fixture.name).txt", encoding: .utf8)
        #expect(text.contains("** ARCHIVE FAILED **") || text.contains("** EXPORT FAILED **") || text.contains("** TEST FAILED **"))
    }
}
