import Foundation

/// One row of `Fixtures/cron/jenkins-cron-sample.tsv`, produced by Jenkins' own scheduler code.
struct JenkinsVector: Sendable, CustomStringConvertible {
    var spec: String
    var seed: String?
    var zone: String
    var start: String
    var isValid: Bool
    var next5: [String]
    var error: String
    var previousScan: String
    var resolved: String
    var scenario: String
    var notes: String

    var description: String { "\(spec.debugDescription) seed=\(seed ?? "-") tz=\(zone) start=\(start)" }

    /// How many firings Jenkins found when the scan window ran out first (nil: it found all 5).
    var foundWithinWindow: Int? {
        guard let range = notes.range(of: "found=") else { return nil }
        return Int(notes[range.upperBound...].prefix { $0.isNumber })
    }

    /// The `line L:C` Jenkins put in the error message, if any.
    var errorPosition: (line: Int, column: Int)? {
        guard let range = error.range(of: #"line (\d+):(\d+): "#, options: .regularExpression) else { return nil }
        let parts = error[range].dropFirst(5).dropLast(2).split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// The message after `line L:C: `.
    var errorMessage: String {
        guard let range = error.range(of: #"line \d+:\d+: "#, options: .regularExpression) else { return error }
        return String(error[range.upperBound...])
    }

    static let all: [JenkinsVector] = load()

    private static func load() -> [JenkinsVector] {
        guard let url = Bundle.module.url(forResource: "jenkins-cron-sample", withExtension: "tsv", subdirectory: "Fixtures/cron"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").dropFirst().map { row in
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false).map { unescape(String($0)) }
            return JenkinsVector(
                spec: columns[0], seed: columns[1] == "(none)" ? nil : columns[1], zone: columns[2], start: columns[3],
                isValid: columns[4] == "ok", next5: columns[5].split(separator: " ").map(String.init), error: columns[7],
                previousScan: columns[10], resolved: columns[11], scenario: columns[13], notes: columns[14])
        }
    }

    private static func unescape(_ field: String) -> String {
        var output = ""
        var escaping = false
        for character in field {
            if escaping {
                switch character {
                case "n": output.append("\n")
                case "t": output.append("\t")
                case "r": output.append("\r")
                default: output.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                output.append(character)
            }
        }
        return output
    }
}
