public import NightshiftCore

/// `nightshift lanes LANE`: what the lane does and the options it takes, with their types,
/// defaults and descriptions (issue #19), as `nightshift run LANE` expects them.
public struct LaneOptionsHelp: Sendable {
    public let lane: Lane

    public init(lane: Lane) {
        self.lane = lane
    }

    public func render() -> String {
        var lines = ["lane \(lane.name)" + (lane.description.map { ": \($0)" } ?? "")]
        let usage = lane.options.map { $0.isRequired ? "\($0.name)=VALUE" : "[\($0.name)=VALUE]" }
        lines.append("usage: nightshift run \(([lane.name] + usage).joined(separator: " "))")
        guard !lane.options.isEmpty else { return (lines + ["", "It takes no options."]).joined(separator: "\n") + "\n" }
        lines += ["", "OPTIONS:"]
        let rows = lane.options.map { option in (left: "\(option.name) (\(typeText(option)))", right: details(option)) }
        let width = rows.map(\.left.count).max() ?? 0
        lines += rows.map { row in
            let line = "  " + row.left + String(repeating: " ", count: width - row.left.count) + "  " + row.right
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func typeText(_ option: LaneOption) -> String {
        if case .choice(let values) = option.kind { return values.joined(separator: "|") }
        return option.kind.name
    }

    private func details(_ option: LaneOption) -> String {
        var parts = option.description.map { [$0] } ?? []
        if let pattern = option.pattern { parts.append("matching \(pattern)") }
        if option.isRequired { parts.append("required") }
        // A secret's default may be one; it is not shown.
        if let value = option.defaultValue, !option.isSecret { parts.append("default: \(value.raw)") }
        if option.isSecret { parts.append("secret") }
        return parts.joined(separator: "; ")
    }
}
