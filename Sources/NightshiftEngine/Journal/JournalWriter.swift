import Foundation
import NightshiftCore

/// A journal step as JSON, written by hand: Foundation's `JSONEncoder` took tens of
/// microseconds per step, which a thousand quick steps felt (`scripts/bench-lane`). The journal
/// is read back with `JSONDecoder` (`JournalCoding.decode`), so the two must agree: the tests
/// round-trip every field.
enum JournalStepWriter {
    static func json(_ step: JournalStep) -> String {
        var out = "{"
        field(&out, "artifacts", array(step.artifacts.map(artifact)))
        field(&out, "attempt", String(step.attempt))
        field(&out, "attempts", String(step.attempts))
        field(&out, "exports", object(step.exports))
        field(&out, "fingerprint", string(step.fingerprint))
        field(&out, "finished", string(UTCTimestamp.iso8601(step.finished)))
        field(&out, "inputs", inputs(step.inputs))
        field(&out, "kind", string(step.kind))
        field(&out, "lane", string(step.lane))
        field(&out, "name", string(step.name))
        field(&out, "number", String(step.number))
        field(&out, "reusable", String(step.reusable))
        field(&out, "status", string(step.status), last: true)
        return out + "}"
    }

    private static func inputs(_ inputs: StepInputs) -> String {
        var fields: [(String, String)] = []
        if let commit = inputs.commit { fields.append(("commit", string(commit))) }
        fields += [("configuration", object(inputs.configuration)), ("consumes", object(inputs.consumes))]
        if let digests = inputs.digests { fields.append(("digests", string(digests))) }
        if let dirty = inputs.dirty { fields.append(("dirty", String(dirty))) }
        fields += [("settings", object(inputs.settings)), ("step", string(inputs.step)), ("variables", object(inputs.variables))]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    private static func artifact(_ artifact: JournalArtifact) -> String {
        let fields = [
            ("directory", String(artifact.directory)), ("path", string(artifact.path)), ("sha256", string(artifact.sha256)),
            ("size", String(artifact.size)),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    private static func field(_ out: inout String, _ key: String, _ value: String, last: Bool = false) {
        out += "\"\(key)\":\(value)"
        if !last { out += "," }
    }

    private static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

    private static func object(_ values: [String: String]) -> String {
        "{" + values.keys.sorted().map { "\(string($0)):\(string(values[$0]!))" }.joined(separator: ",") + "}"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259 §7).
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
