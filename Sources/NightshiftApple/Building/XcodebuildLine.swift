import NightshiftCore
/// How the condensed view reads one line of xcodebuild's output: whether it says why a build
/// failed or warns, which lines after it belong to it, and where a task's block begins. The
/// kinds come from `shared/reference/xcodebuild-failure-lines.md` (xcbeautify's rules and real
/// failure logs); when in doubt a line counts as a reason, because a hidden reason costs a
/// person far more than a few extra lines.
enum XcodebuildLine {
    /// What follows a kept line and belongs to it.
    enum Attachment: Equatable {
        /// Nothing: the line stands alone.
        case alone
        /// Source and caret lines after `file:line:col: error:`, up to a blank line or the next task.
        case sourceContext
        /// The indented lines under `Undefined symbols …:`, `duplicate symbol …`, a test's issue.
        case indentedBlock
        /// The numbered lines of a compiler crash.
        case stackDump
    }

    /// A line that explains a failure or warns, and what belongs to it; nil for anything else.
    static func reason(_ line: String) -> Attachment? {
        if line.hasPrefix("Undefined symbols for architecture") || line.hasPrefix("duplicate symbol ") {
            return .indentedBlock
        }
        if line.hasPrefix("Stack dump:") || line.hasPrefix("Please submit a bug report") { return .stackDump }
        if line.hasPrefix("✘ ") || line.hasPrefix("\u{100884} ") { return .indentedBlock }
        if line.hasPrefix("ld: ") || (line.hasPrefix("Command ") && line.contains(" failed")) || isTestFailure(line) {
            return .alone
        }
        return UTF8Search.withUTF8(line) { bytes in
            if UTF8Search.hasWordBeforeColon(diagnosticWords, in: bytes) {
                return hasSourceLocation(line) ? .sourceContext : .alone
            }
            return markers.contains { UTF8Search.contains($0, in: bytes) } ? .alone : nil
        }
    }

    /// `error:`, `fatal error:`, `warning:` in any case (`Error:` from SwiftLint, `ERROR:` from scripts).
    static let diagnosticWords = [Array("error".utf8), Array("warning".utf8)]

    /// Reasons that carry no `error:`: codesign's, the signing settings', a script's shell
    /// errors, an export's underlying `NSError`.
    static let markers = [
        "errSec", ": replacing existing signature", "No signing certificate", "doesn't include signing certificate",
        "requires a provisioning profile", "No profiles for", "doesn't match the entitlements", "Error Domain=",
        ": command not found", "No such file or directory", "Permission denied", ".sh: line ",
    ].map { Array($0.utf8) }

    static func isTestFailure(_ line: String) -> Bool {
        (line.hasPrefix("Test Suite '") || line.hasPrefix("Test Case '")) && line.contains("' failed")
    }

    /// `note:` lines belong to the diagnostic before them (and are shown with it), not on their own.
    static func isNote(_ line: String) -> Bool {
        line.hasPrefix("note:") || line.contains(": note:")
    }

    /// Lists that end at the next blank line: the failed commands, the failing tests.
    static func startsSummary(_ line: String) -> Bool {
        line.hasPrefix("The following build commands failed:") || line.hasPrefix("Failing tests:")
            || line.hasPrefix("Testing failed:")
    }

    static func isFailureBanner(_ line: String) -> Bool {
        line.hasPrefix("** ") && line.hasSuffix(" FAILED **")
    }

    /// `/path/File.swift:12:5: error: …` (or `File.swift:12: error:` from XCTest): the compiler
    /// prints the source line and a caret under it.
    static func hasSourceLocation(_ line: String) -> Bool {
        guard let colon = [": error:", ": warning:", ": note:", ": fatal error:"].lazy.compactMap({ line.firstRange(of: $0) }).first
        else { return false }
        let location = line[..<colon.lowerBound]
        let digits = location.reversed().prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && location.dropLast(digits.count).hasSuffix(":")
    }

    /// The first line of a task's block (`CodeSign /path… (in target 'App' …)`, `Ld …`), and the
    /// task's name: xcodebuild prints each task as a header, its invocation indented, then what
    /// the tool said.
    static func taskName(ofHeader line: String) -> Substring? {
        let header = UTF8Search.withUTF8(line) { bytes -> (nameLength: Int, inTarget: Bool)? in
            guard let first = bytes.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
                let space = bytes.firstIndex(of: UInt8(ascii: " ")), space > 1,
                bytes[..<space].allSatisfy(isASCIILetterOrDigit)
            else { return nil }
            return (space, UTF8Search.contains(inTarget, in: bytes))
        }
        guard let header else { return nil }
        let name = line[..<line.utf8.index(line.startIndex, offsetBy: header.nameLength)]
        return header.inTarget || knownTasks.contains(String(name)) ? name : nil
    }

    private static let inTarget = Array(" (in target ".utf8)

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        let lowered = byte | 0x20
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowered) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Headers without the `(in target …)` that Xcode 11 and later add to most tasks.
    static let knownTasks: Set<String> = [
        "CompileSwift", "SwiftCompile", "CompileC", "SwiftDriver", "CompileAssetCatalog", "CompileStoryboard",
        "CompileXIB", "Ld", "Libtool", "CodeSign", "PhaseScriptExecution", "ProcessInfoPlistFile", "CpResource",
        "CopySwiftLibs", "ProcessProductPackaging", "GenerateDSYMFile", "Touch", "LinkStoryboards", "PBXCp",
        "CreateUniversalBinary", "Strip", "MergeSwiftModule", "SwiftEmitModule", "EmitSwiftModule", "ProcessPCH",
        "CompileSwiftSources", "Validate", "CopyPlistFile", "CopyPNGFile", "ClangStatCache", "CreateBuildDirectory",
        "MkDir", "SymLink", "WriteAuxiliaryFile", "RegisterExecutionPolicyException", "ExtractAppIntentsMetadata",
    ]

    /// `Command CodeSign failed with a nonzero exit code` names the task whose block explains it.
    static func failedTaskName(_ line: String) -> Substring? {
        guard line.hasPrefix("Command "), line.contains(" failed") else { return nil }
        return line.dropFirst("Command ".count).prefix { $0 != " " }
    }
}
