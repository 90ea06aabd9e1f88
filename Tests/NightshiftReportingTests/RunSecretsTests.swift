import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftReporting
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `RunSecrets`, the one owner of a run's secrets: what it learns is masked from then on, in
/// every encoding the masker knows, by everything that masks through it.
@Suite("RunSecrets", .temporaryDirectory)
struct RunSecretsTests {
    /// A token with characters each encoding writes differently (`/`, `+`, `&`).
    static let token = "rt-tok/en+4711&q"

    /// Every form `SecretEncodings` masks the token in, as text.
    static var encodings: [String] {
        SecretEncodings.variants(of: Array(token.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("a learned secret is masked from then on, in each of its encodings; nothing before it is forgotten")
    func learns() {
        let secrets = RunSecrets(secrets: ["first-secret"])
        #expect(secrets.mask(Self.token) == Self.token)
        secrets.learn([Self.token])
        #expect(Self.encodings.count > 4)
        for form in Self.encodings {
            #expect(secrets.mask("[\(form)]") == "[********]", "\(form)")
        }
        #expect(secrets.mask("first-secret") == "********")
    }

    @Test("values too short or blank to mask are not learned, and learning nothing new keeps the masker")
    func ignoresUnmaskable() {
        let secrets = RunSecrets(secrets: [])
        let (_, version) = secrets.versionedMasker
        secrets.learn(["ab", "   ", ""])
        #expect(secrets.masker(ifChangedSince: version) == nil)
        #expect(secrets.mask("ab") == "ab")
        secrets.learn([Self.token])
        let newer = secrets.masker(ifChangedSince: version)
        #expect(newer?.masker.mask(Self.token) == "********")
        secrets.learn([Self.token])
        #expect(secrets.masker(ifChangedSince: newer?.version ?? -1) == nil)
    }

    @Test("masked text is made by the owner only, masked")
    func maskedText() {
        let secrets = RunSecrets(secrets: [Self.token])
        #expect(secrets.masked("a \(Self.token) b").text == "a ******** b")
    }

    @Test("a step's log and console mask a secret learned while the step runs, from the next chunk on, a held partial line too")
    func recorderLearnsMidStep() async throws {
        let folder = try TemporaryFolder()
        let output = CapturingOutputSink()
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_750_000_000))
        let secrets = RunSecrets(secrets: [])
        let recorder = StepOutputRecorder(
            secrets: secrets, logPath: "\(folder.path)/step.log", logFiles: DiskStepLogFiles(),
            reporter: MaskingReporter(
                ConsoleReporter(output: output, style: ConsoleStyle(colour: false, timestamps: false), clock: clock), secrets: secrets),
            step: StepIdentity(lane: "ci", name: "upload", kind: .step(.upload), depth: 0), clock: clock)
        await recorder.receive(.standardOutput, Array("before: \(Self.token)\nheld: \(Self.token)".utf8))
        secrets.learn([Self.token])
        let base64 = Data(Self.token.utf8).base64EncodedString()
        await recorder.receive(.standardOutput, Array(" \(base64)\nafter: \(Self.token)\n".utf8))
        _ = await recorder.finish()
        let log = try String(contentsOfFile: "\(folder.path)/step.log", encoding: .utf8)
        // The first line was shown before the token was known: only what follows is masked.
        #expect(log == "before: \(Self.token)\nheld: ******** ********\nafter: ********\n")
        #expect(output.standardOutput.hasSuffix("    held: ******** ********\n    after: ********\n"))
    }

    @Test("the reporter masks step names with what was learned since it last masked them")
    func reporterForgetsStaleNames() {
        let output = CapturingOutputSink()
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_750_000_000))
        let secrets = RunSecrets(secrets: [])
        let reporter = MaskingReporter(
            ConsoleReporter(output: output, style: ConsoleStyle(colour: false, timestamps: false), clock: clock), secrets: secrets)
        let step = StepIdentity(lane: "ci", name: "show \(Self.token)", kind: .step(.sh), depth: 0)
        reporter.stepOutput(Array("one\n".utf8), channel: .standardOutput, step: step)
        secrets.learn([Self.token])
        reporter.stepStarted(step)
        #expect(output.standardOutput.hasSuffix("▶ show ********\n"))
    }
}
