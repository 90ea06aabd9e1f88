internal import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSchema
import NightshiftSystem

/// Where one `test:` step keeps its files: `<run output>/tests/<step>/` for result bundles,
/// enumerations and tool output; the JUnit report at `junit:`, or without one at
/// `<run output>/tests/<lane>-<step>.tests.junit.xml` and, under `--junit`, by that name beside
/// the lane's report too; the Cobertura file beside it.
struct TestStepFolder: Sendable {
    /// `<run output>/tests/<step>`.
    let path: AbsolutePath
    let junit: AbsolutePath
    /// Beside `--junit`, for a step without `junit:`: the same report again.
    let junitBesideLaneReport: AbsolutePath?
    let build: BuildPaths

    init(context: StepContext, settings: TestStepSettings) throws {
        let build = BuildPaths(output: context.folders.output, productName: "")
        self.build = build
        let tests = build.tests
        let slug = Self.slug(context.step.displayName, line: context.step.location?.line, masker: context.masker)
        path = tests.appending(slug)
        if let template = settings.junit {
            let written = context.resolve(template)
            if let problem = TestStepValues.reportPathProblem(written) {
                throw StepFailure("test.junit \(problem), found '\(written)'", reason: .invalidSetting)
            }
            junit = try context.path(written, what: "test.junit")
            junitBesideLaneReport = nil
        } else {
            let name = Self.reportName(of: context.step, in: context.lane, masker: context.masker) + ".tests.junit.xml"
            junit = tests.appending(name)
            junitBesideLaneReport = try context.testReportsFolder.map {
                try context.path($0, what: "--junit's folder").appending(name)
            }
        }
    }

    /// `<lane>-<step>`: the step's `name:`, else its place in its lane (1 for the first), both
    /// made file-name safe by `slug`; a name two steps of the lane share gets the place too. Stable
    /// from run to run and documented (Docs/Testing.md), so a CI job can collect it by name.
    static func reportName(of step: Step, in lane: Lane, masker: SecretMasker) -> String {
        let index = lane.steps.firstIndex(of: step).map { $0 + 1 }
        let place = index.map(String.init) ?? "test"
        let laneName = slug(lane.name, line: nil, masker: masker)
        guard let name = step.options.name else { return laneName + "-" + place }
        let shared = lane.steps.filter { $0.options.name == name }.count > 1
        return laneName + "-" + slug(name, line: nil, masker: masker) + (shared ? "-" + place : "")
    }

    /// `reports/tests.xml` → `reports/tests.cobertura.xml`.
    var cobertura: String {
        let junit = junit.string
        let base = junit.hasSuffix(".xml") ? String(junit.dropLast(4)) : junit
        return base.hasSuffix(".junit") ? String(base.dropLast(6)) + ".cobertura.xml" : base + ".cobertura.xml"
    }

    // The files in the folder, as the tools' command lines take them.
    func shardBundle(_ number: Int) -> String { file("shard-\(number).xcresult") }
    /// One of the invocations of a shard too long for one command line.
    func shardBundle(_ number: Int, part: Int) -> String { file("shard-\(number)-\(part).xcresult") }
    func retryBundle(_ number: Int) -> String { file("retry-\(number).xcresult") }
    /// One of the simulators' parts of a re-run spread over several.
    func retryBundle(_ number: Int, part: Int) -> String { file("retry-\(number)-\(part).xcresult") }
    var mergedBundle: String { file("merged.xcresult") }
    var enumeration: String { file("enumeration.json") }
    var coverageJSON: String { file("coverage.json") }
    /// The journal fingerprint the `.xctestrun` in `stamp`'s second line was built with.
    var buildStamp: String { build.testDerivedData.appending("nightshift-build-stamp").string }
    func xunit(attempt: Int) -> String { file("xunit-\(attempt).xml") }
    /// One of several invocations of a re-run too long for one command line.
    func xunit(attempt: Int, part: Int) -> String { file("xunit-\(attempt)-\(part).xml") }

    private func file(_ name: String) -> String { path.appending(name).string }

    /// A fresh folder: a resumed run's result bundles must not be read as this attempt's, and
    /// xcodebuild refuses to write a `-resultBundlePath` that exists.
    func prepare() throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: path.string) { try manager.removeItem(atPath: path.string) }
        try manager.createDirectory(atPath: path.string, withIntermediateDirectories: true)
        try manager.createDirectory(atPath: junit.parent.string, withIntermediateDirectories: true)
    }

    /// Letters and digits of the step's name, and its line in lanes.yml so two steps named alike
    /// differ. A name on disk is in every report path: masked before it is made.
    static func slug(_ name: String, line: Int?, masker: SecretMasker) -> String {
        var letters = ""
        for character in masker.mask(name).lowercased().prefix(40) {
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
