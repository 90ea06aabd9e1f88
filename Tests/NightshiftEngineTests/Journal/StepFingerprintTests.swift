import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftLanes
import NightshiftSystem
import Testing

@Suite("Step fingerprints")
struct StepFingerprintTests {
    static let file = try! LanesFileLoader().parse(
        text: """
            secrets: [TOKEN]
            lanes:
              beta:
                steps:
                  - sh: echo "$FLAVOR with $TOKEN"
                    outputs: ["out/${FLAVOR}.zip"]
            """, path: "lanes.yml")

    static let key = JournalKey(bytes: [UInt8](repeating: 7, count: 32))

    func inputs(_ variables: [String: String], repository: RepositoryState? = nil) -> StepInputs {
        let environment = EnvironmentVariables(variables)
        let step = Self.file.lanes[0].steps[0]
        return StepFingerprinter(file: Self.file, masker: Self.file.masker(in: environment), repository: repository, key: Self.key)
            .inputs(of: step, configuration: nil, environment: environment, consumes: [:])
    }

    @Test("the variables a step reads are named with a keyed digest of each value, never the value nor its SHA-256")
    func variableDigests() {
        let inputs = inputs(["FLAVOR": "beta", "TOKEN": "tok-secret-123456", "UNRELATED": "x"])
        #expect(inputs.variables["TOKEN"] == Self.key.digest("tok-secret-123456"))
        #expect(inputs.variables["TOKEN"] != ContentDigest.sha256("tok-secret-123456"))
        #expect(inputs.variables["FLAVOR"] == Self.key.digest("beta"))
        #expect(inputs.digests == "hmac-sha256")
        #expect(inputs.variables["UNRELATED"] == nil)
        let encoded = String(decoding: try! JSONEncoder().encode(inputs), as: UTF8.self)
        #expect(!encoded.contains("tok-secret-123456"))
    }

    @Test("the fingerprint follows values and the commit; not unread variables, nor the dirty flag (#26.9)")
    func fingerprint() {
        let base = inputs(["FLAVOR": "beta", "TOKEN": "t"]).fingerprint
        #expect(inputs(["FLAVOR": "beta", "TOKEN": "t", "UNRELATED": "y"]).fingerprint == base)
        #expect(inputs(["FLAVOR": "prod", "TOKEN": "t"]).fingerprint != base)
        #expect(inputs(["FLAVOR": "beta", "TOKEN": "u"]).fingerprint != base)
        let clean = inputs(["FLAVOR": "beta", "TOKEN": "t"], repository: RepositoryState(commit: "abc", dirty: false)).fingerprint
        #expect(clean != base)
        // A resumed run compares the tree with the state the attempt before left instead.
        #expect(inputs(["FLAVOR": "beta", "TOKEN": "t"], repository: RepositoryState(commit: "abc", dirty: true)).fingerprint == clean)
    }

    @Test("plain and braced shell references are read, names only")
    func dollarNames() {
        #expect(StepFingerprinter.dollarNames(in: "echo $A ${B:-x} $$ $1 ${C}D $_e") == ["A", "B", "C", "_e"])
    }
}
