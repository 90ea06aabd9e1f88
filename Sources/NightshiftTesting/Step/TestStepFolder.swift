internal import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSchema
import NightshiftSystem

/// Where one `test:` step keeps its files: `<run output>/tests/<step>/` for result bundles,
/// enumerations and tool output; the JUnit report at `junit:` or `<run output>/tests/<step>.junit.xml`,
/// the Cobertura file beside it.
struct TestStepFolder: Sendable {
    /// `<run output>/tests/<step>`.
    let path: String
    let junit: String
    let build: BuildPaths

    init(context: StepContext, settings: TestStepSettings) throws {
        let build = BuildPaths(output: context.folders.output, productName: "")
        self.build = build
        // A folder's name on disk, in every report path: masked before it is made.
        let slug = Self.slug(context.masker.mask(context.step.displayName), line: context.step.location?.line)
        path = "\(build.tests)/\(slug)"
        if let template = settings.junit {
            let written = context.resolve(template)
            if let problem = TestStepValues.reportPathProblem(written) {
                throw StepFailure("test.junit \(problem), found '\(written)'", reason: .invalidSetting)
            }
            junit = context.absolute(written)
        } else {
            junit = "\(build.tests)/\(slug).junit.xml"
        }
    }

    /// `reports/tests.xml` → `reports/tests.cobertura.xml`.
    var cobertura: String {
        let base = junit.hasSuffix(".xml") ? String(junit.dropLast(4)) : junit
        return base.hasSuffix(".junit") ? String(base.dropLast(6)) + ".cobertura.xml" : base + ".cobertura.xml"
    }

    func shardBundle(_ number: Int) -> String { "\(path)/shard-\(number).xcresult" }
    func retryBundle(_ number: Int) -> String { "\(path)/retry-\(number).xcresult" }
    /// One of the simulators' parts of a re-run spread over several.
    func retryBundle(_ number: Int, part: Int) -> String { "\(path)/retry-\(number)-\(part).xcresult" }
    var mergedBundle: String { "\(path)/merged.xcresult" }
    var enumeration: String { "\(path)/enumeration.json" }
    /// The journal fingerprint the `.xctestrun` in `stamp`'s second line was built with.
    var buildStamp: String { "\(build.testDerivedData)/nightshift-build-stamp" }
    func xunit(attempt: Int) -> String { "\(path)/xunit-\(attempt).xml" }
    /// One of several invocations of a re-run too long for one command line.
    func xunit(attempt: Int, part: Int) -> String { "\(path)/xunit-\(attempt)-\(part).xml" }

    /// A fresh folder: a resumed run's result bundles must not be read as this attempt's, and
    /// xcodebuild refuses to write a `-resultBundlePath` that exists.
    func prepare() throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: path) { try manager.removeItem(atPath: path) }
        try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        let reports = (junit as NSString).deletingLastPathComponent
        if !reports.isEmpty { try manager.createDirectory(atPath: reports, withIntermediateDirectories: true) }
    }

    /// Letters and digits of the step's name, and its line in lanes.yml so two steps named alike differ.
    static func slug(_ name: String, line: Int?) -> String {
        var letters = ""
        for character in name.lowercased().prefix(40) {
            let kept: Character = character.isASCII && (character.isLetter || character.isNumber) ? character : "-"
            // `swift test .` → `swift-test`: one dash between words, none at the ends.
            if kept == "-", letters.isEmpty || letters.last == "-" { continue }
            letters.append(kept)
        }
        while letters.last == "-" { letters.removeLast() }
        if letters.isEmpty { letters = "test" }
        return line.map { "\(letters)-\($0)" } ?? letters
    }
}

/// A command's standard output written to a file as it comes (xcresulttool's JSON can be
/// hundreds of megabytes: never held in memory), its standard error kept for the message.
actor CommandOutputFile {
    private let file: WritableFile
    private var errorTail: [UInt8] = []

    init(path: String) throws {
        file = try WritableFile(creatingOrTruncating: path)
    }

    func receive(_ channel: OutputChannel, _ bytes: [UInt8]) {
        switch channel {
        case .standardOutput: bytes.withUnsafeBytes { _ = file.write($0) }
        case .standardError: errorTail = Array((errorTail + bytes).suffix(2048))
        }
    }

    /// Closes the file; the failure to write it, if any.
    func finish() -> String? {
        file.close()
        return file.failure.map { "\($0)" }
    }

    var standardError: String { String(decoding: errorTail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// Hands a tool's output on in whole lines only: shards run side by side, and two halves of
/// lines from two processes must not become one line in the log or the condensed view.
actor WholeLines {
    private var pending: [OutputChannel: [UInt8]] = [:]
    private let emit: @Sendable (OutputChannel, [UInt8]) async -> Void

    init(_ emit: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void) { self.emit = emit }

    func receive(_ channel: OutputChannel, _ bytes: [UInt8]) async {
        var buffer = pending[channel, default: []] + bytes
        guard let last = buffer.lastIndex(of: UInt8(ascii: "\n")) else {
            pending[channel] = buffer
            return
        }
        let complete = Array(buffer[...last])
        buffer.removeSubrange(...last)
        pending[channel] = buffer
        await emit(channel, complete)
    }

    func flush() async {
        for (channel, rest) in pending where !rest.isEmpty { await emit(channel, rest + [UInt8(ascii: "\n")]) }
        pending = [:]
    }
}

extension Termination {
    /// As a shell reports it: the exit status, or 128 + the signal.
    var exitStatus: Int32 {
        switch self {
        case .exited(let code): code
        case .signalled(let signal): 128 + signal
        }
    }
}
