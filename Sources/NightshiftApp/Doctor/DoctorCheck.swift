import NightshiftLanes

/// One line of `nightshift doctor`: what was checked, what was found, and how to fix it.
public struct DoctorCheck: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        /// ✓: ready.
        case ready
        /// ✗: a lane would fail on this machine.
        case missing
        /// !: worth acting on soon, or not checked here.
        case attention

        var mark: String {
            switch self {
            case .ready: "✓"
            case .missing: "✗"
            case .attention: "!"
            }
        }
    }

    public var status: Status
    /// What was checked, e.g. "signing files of configuration 'production'".
    public var subject: String
    /// What was found.
    public var detail: String
    /// What to do, when something is to be done.
    public var fix: String?

    public init(_ status: Status, _ subject: String, _ detail: String, fix: String? = nil) {
        self.status = status
        self.subject = subject
        self.detail = detail
        self.fix = fix
    }
}

/// The checklist, as text for a terminal or JSON for a script.
enum DoctorReport {
    static func text(_ checks: [DoctorCheck]) -> String {
        var lines: [String] = []
        for check in checks {
            lines.append("\(check.status.mark) \(check.subject): \(check.detail)")
            if let fix = check.fix, check.status != .ready { lines.append("    fix: \(fix)") }
        }
        let missing = checks.filter { $0.status == .missing }.count
        let attention = checks.filter { $0.status == .attention }.count
        lines.append(
            missing == 0
                ? "ready\(attention == 0 ? "" : " (\(attention) to look at)")"
                : "not ready: \(missing) problem\(missing == 1 ? "" : "s")\(attention == 0 ? "" : ", \(attention) to look at")")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"ready": …, "checks": [{"status", "subject", "detail", "fix"}]}`, keys in that order.
    static func json(_ checks: [DoctorCheck]) -> String {
        let entries = checks.map { check -> SchemaJSON in
            .object(
                [("status", .string(check.status.rawValue)), ("subject", .string(check.subject)), ("detail", .string(check.detail))]
                    + (check.fix.map { [("fix", SchemaJSON.string($0))] } ?? []))
        }
        return SchemaJSON.object([("ready", .bool(!checks.contains { $0.status == .missing })), ("checks", .array(entries))]).printed()
    }
}
