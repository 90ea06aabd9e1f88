import Foundation
import NightshiftCore

/// `journal.json`'s bytes, written by hand and by nothing else: sorted keys, ISO 8601 times
/// (`UTCTimestamp`), absent optionals left out, one step a line, so two journals diff cleanly.
/// Foundation's `JSONEncoder` took tens of microseconds per step, which a thousand quick steps
/// felt (`scripts/bench-lane`): each step is encoded once, when it finishes (`step(_:)`), and a
/// write of the journal joins those lines. The journal is read back with `JSONDecoder`
/// (`JournalCoding.decode`), so the two must agree: the tests round-trip every field, and read a
/// journal as `JSONEncoder` wrote it before this writer did.
enum JournalWriter {
    /// The whole journal; `steps`: each of `journal.steps` as `step(_:)` wrote it, in order.
    static func journal(_ journal: RunJournal, steps: [String]) -> String {
        var fields = [
            ("attempts", array(journal.attempts.map(attempt))), ("lane", string(journal.lane)),
            ("lanesFile", object([("path", string(journal.lanesFile.path)), ("sha256", string(journal.lanesFile.sha256))])),
        ]
        if let left = journal.left { fields.append(("left", repository(left))) }
        if let notes = journal.notes { fields.append(("notes", array(notes.map(note)))) }
        if let options = journal.options { fields.append(("options", array(options.map(option)))) }
        if let repository = journal.repository { fields.append(("repository", self.repository(repository))) }
        fields += [
            ("runID", string(journal.runID)), ("status", string(journal.status.rawValue)),
            ("steps", steps.isEmpty ? "[]" : "[\n" + steps.joined(separator: ",\n") + "\n]"), ("version", String(journal.version)),
        ]
        return object(fields)
    }

    static func step(_ step: JournalStep) -> String {
        var fields = [
            ("artifacts", array(step.artifacts.map(artifact))), ("attempt", String(step.attempt)), ("attempts", String(step.attempts)),
        ]
        if let details = step.details { fields.append(("details", map(details))) }
        return object(
            fields + [
                ("exports", map(step.exports)), ("fingerprint", string(step.fingerprint)),
                ("finished", string(UTCTimestamp.iso8601(step.finished))), ("inputs", inputs(step.inputs)), ("kind", string(step.kind)),
                ("lane", string(step.lane)), ("name", string(step.name)), ("number", String(step.number)),
                ("reusable", String(step.reusable)), ("status", string(step.status)),
            ])
    }

    private static func inputs(_ inputs: StepInputs) -> String {
        var fields: [(String, String)] = []
        if let commit = inputs.commit { fields.append(("commit", string(commit))) }
        fields += [("configuration", map(inputs.configuration)), ("consumes", map(inputs.consumes))]
        if let digests = inputs.digests { fields.append(("digests", string(digests))) }
        if let dirty = inputs.dirty { fields.append(("dirty", String(dirty))) }
        fields += [("settings", map(inputs.settings)), ("step", string(inputs.step)), ("variables", map(inputs.variables))]
        return object(fields)
    }

    private static func artifact(_ artifact: JournalArtifact) -> String {
        object([
            ("directory", String(artifact.directory)), ("path", string(artifact.path)), ("sha256", string(artifact.sha256)),
            ("size", String(artifact.size)),
        ])
    }

    private static func attempt(_ attempt: JournalAttempt) -> String {
        var fields: [(String, String)] = []
        if let from = attempt.from { fields.append(("from", string(from))) }
        fields.append(("number", String(attempt.number)))
        if let repository = attempt.repository { fields.append(("repository", self.repository(repository))) }
        fields += [("resumed", String(attempt.resumed)), ("started", string(UTCTimestamp.iso8601(attempt.started)))]
        return object(fields)
    }

    private static func repository(_ state: RepositoryState) -> String {
        var fields: [(String, String)] = []
        if let changes = state.changes { fields.append(("changes", string(changes))) }
        fields += [("commit", string(state.commit)), ("dirty", String(state.dirty))]
        return object(fields)
    }

    private static func note(_ note: JournalNote) -> String {
        object([("kind", string(note.kind)), ("step", String(note.step)), ("values", map(note.values))])
    }

    private static func option(_ option: JournalOption) -> String {
        var fields = [("given", String(option.given)), ("name", string(option.name))]
        if let value = option.value { fields.append(("value", string(value))) }
        return object(fields)
    }

    /// `fields`: keys that need no escaping, already in sorted order, and their values as JSON.
    private static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    private static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

    private static func map(_ values: [String: String]) -> String {
        "{" + values.keys.sorted().map { "\(string($0)):\(string(values[$0]!))" }.joined(separator: ",") + "}"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259 §7).
    static func string(_ text: String) -> String {
        // Over UTF-8 bytes, copying each run of plain bytes at once: every byte JSON escapes is
        // ASCII, and no byte of a multi-byte sequence is. Scalar by scalar, a 100 KB name cost
        // 12 ms (the fuzzer's crafted journals took seconds to open).
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var plainFrom = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: bytes[plainFrom..<index])
                plainFrom = index + 1
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: Array("\\\"".utf8))
                case UInt8(ascii: "\\"): out.append(contentsOf: Array("\\\\".utf8))
                case UInt8(ascii: "\n"): out.append(contentsOf: Array("\\n".utf8))
                case UInt8(ascii: "\r"): out.append(contentsOf: Array("\\r".utf8))
                case UInt8(ascii: "\t"): out.append(contentsOf: Array("\\t".utf8))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: Array("\\u00".utf8))
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                }
            }
            out.append(contentsOf: bytes[plainFrom...])
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }
}
