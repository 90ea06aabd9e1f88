import Foundation
@testable import NightshiftCore
@testable import NightshiftLanes
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `options:` on lanes, `lane:` calls and schedules (issue #19) are checked when the file loads,
/// each problem at its place in lanes.yml.
@Suite("Lane options validated at load time")
struct LaneOptionDeclarationTests {
    /// The diagnostics of `text` as `line:column message`, in order.
    static func problems(_ text: String) -> [String] {
        do {
            _ = try LanesFileLoader().parse(text: text, path: "l.yml")
            return []
        } catch {
            return error.diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        }
    }

    /// Lane `n` with `options` written from line 4 on (six spaces of indent).
    static func lane(options: String, steps: String = "[{ sh: make }]") -> String {
        "lanes:\n  n:\n    options:\n\(options)\n    steps: \(steps)\n"
    }

    @Test(
        "a bad declaration is an error at its place",
        arguments: [
            ("      v: { type: str }", "4:18 option 'v' of lane 'n'.type must be one of string, int, bool, choice, found 'str'"),
            ("      v: { type: int, default: x }", "4:32 option 'v' of lane 'n': the default must be a whole number, found 'x'"),
            ("      v: { type: choice }", "4:10 option 'v' of lane 'n' is a choice and needs 'values:'"),
            ("      v: { type: bool, values: [a] }", "4:24 'values' is for type: choice, not bool"),
            ("      v: { type: int }", "4:7 option 'v' of lane 'n' is an int with no default: give it 'default:' or 'required: true'"),
            ("      v: { pattern: '(' }", "4:21 option 'v' of lane 'n'.pattern is not a regular expression"),
            ("      v: { type: choice, values: [a, a] }", "4:38 option 'v' of lane 'n'.values lists 'a' twice"),
            ("      2v: {}", "4:7 option name '2v' must be letters, digits and '_', not starting with a digit"),
            ("      v: { typ: int }", "4:12 unknown key 'typ' in option 'v' of lane 'n'"),
            ("      v: {}\n      V: {}", "5:7 options 'v' and 'V' of lane 'n' are both NIGHTSHIFT_OPTION_V to a step"),
        ])
    func badDeclaration(options: String, expected: String) {
        let found = Self.problems(Self.lane(options: options))
        #expect(found.first?.hasPrefix(expected) == true, "\(found)")
    }

    @Test("a well-formed declaration loads with its types, and the lane's env reads each option's variable")
    func wellFormed() throws {
        let text = Self.lane(
            options: """
                      version: { type: string, pattern: '^\\d+$', required: true, description: Marketing }
                      track: { type: choice, values: [internal, external], default: internal }
                      token: { secret: true }
                """)
        let file = try LanesFileLoader().parse(text: text, path: "l.yml")
        let lane = try #require(file.lane(named: "n"))
        #expect(lane.options.map(\.name) == ["version", "track", "token"])
        #expect(lane.options[1].kind == .choice(["internal", "external"]))
        #expect(lane.options[0].isRequired && lane.options[2].isSecret)
        #expect(lane.environment["version"]?.raw == "${NIGHTSHIFT_OPTION_VERSION}")
        #expect(LaneRequirements(lane, in: file).names.isEmpty)
    }

    @Test("an env variable named like an option is an error")
    func envClash() {
        let text = "lanes:\n  n:\n    env: { track: x }\n    options:\n      track: {}\n    steps: [{ sh: make }]\n"
        #expect(Self.problems(text).first == "3:19 env track of lane 'n' has the name of one of its options")
    }

    static let called = """
        lanes:
          pkg:
            options:
              track: { type: choice, values: [internal, external], default: internal }
              version: { required: true }
            steps: [{ sh: make }]
          n:
            steps:
              - lane: pkg
                options: { trak: external, version: "1" }
              - lane: pkg
                options: { track: beta, version: "${V}" }
              - lane: pkg
              - sh: make
                options: { track: x }
        """

    @Test("a lane: call's options are checked against the called lane's: unknown, wrong value, required missing, not a call")
    func callOptions() {
        #expect(
            Self.problems(Self.called) == [
                "10:26 lane 'pkg' has no option 'trak'",
                "12:27 option 'track' of lane 'pkg' must be one of internal, external, found 'beta'",
                "13:9 lane 'pkg' needs option 'version', not given on the 'lane: pkg' call",
                "15:9 'options' is for 'lane:' calls, not 'sh' steps",
            ])
    }

    @Test("a schedule's options are checked like a command line's, at their place")
    func scheduleOptions() {
        let text = """
            lanes:
              n:
                schedule: { cron: "H 6 * * 1", options: { track: beta, colour: red } }
                options:
                  track: { type: choice, values: [internal, external], default: internal }
                  version: { required: true }
                steps: [{ sh: make }]
            """
        #expect(
            Self.problems(text) == [
                "3:23 lane 'n' needs option 'version', not given on its schedule",
                "3:47 option 'track' of lane 'n' must be one of internal, external, found 'beta'",
                "3:60 lane 'n' has no option 'colour'",
            ])
    }

    /// Issue #26 §1: this value made Swift's backtracking Regex run for 104 s, hanging `validate`,
    /// `lanes` and the daemon on reload; the time limit is the test's bound, far above what the
    /// linear matcher needs (microseconds).
    @Test("a schedule's value against a nested-quantifier pattern is answered at once", .timeLimit(.minutes(1)))
    func catastrophicScheduleValue() {
        let text = """
            lanes:
              n:
                schedule: { cron: "H 6 * * 1", options: { version: "20241126123456789012345678x" } }
                options:
                  version: { pattern: '^(\\d+\\.?)+$' }
                steps: [{ sh: make }]
            """
        #expect(
            Self.problems(text) == [#"3:47 option 'version' of lane 'n' must match '^(\d+\.?)+$', found '20241126123456789012345678x'"#])
    }

    @Test(
        "a pattern the linear matcher cannot run is a located error",
        arguments: [
            (
                "      v: { pattern: '^(a)\\1$' }",
                "4:21 option 'v' of lane 'n'.pattern uses what nightshift does not match: character 5: a backreference"
            ),
            (
                "      v: { pattern: '(?=x)' }",
                "4:21 option 'v' of lane 'n'.pattern uses what nightshift does not match: character 1: a lookahead"
            ),
        ])
    func unsupportedPattern(options: String, expected: String) {
        let found = Self.problems(Self.lane(options: options))
        #expect(found.first?.hasPrefix(expected) == true, "\(found)")
    }
}
