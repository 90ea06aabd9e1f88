import Foundation
import NightshiftCore
import NightshiftCron
import Yams

/// `schedule: "H 0 * * 0-4"` or `schedule: { cron: …, seed: …, when: changed, timezone: …, catch_up: 2h }`.
/// The cron text is parsed here, at load time, so a spec Jenkins would reject is a
/// `lanes.yml:LINE:COLUMN` error pointing at the bad field, not a surprise at 3 a.m.
extension LanesFileParser {
    static let scheduleKeys = LanesKeys.schedule.names

    func parseSchedule(_ node: Node, lane: String, context: String) -> Schedule? {
        if case .scalar = node {
            guard let cron = reader.string(node, context) else { return nil }
            let schedule = Schedule(cron: cron, location: reader.location(of: node))
            checkCron(schedule, lane: lane, node: node)
            return schedule
        }
        guard let pairs = reader.mapping(node, in: context, known: Self.scheduleKeys) else { return nil }
        require(LanesKeys.schedule.requiredNames, in: pairs, of: node, context: context, known: Self.scheduleKeys)
        var schedule = Schedule(cron: "", location: reader.location(of: node))
        var cronNode: Node?
        for (key, _, value) in pairs {
            switch key {
            case "cron":
                schedule.cron = reader.string(value, "\(context).cron") ?? ""
                schedule.location = reader.location(of: value)
                cronNode = value
            case "seed": schedule.seed = reader.string(value, "\(context).seed")
            case "when": schedule.trigger = parseTrigger(value, context: "\(context).when")
            case "timezone": schedule.timeZone = parseTimeZone(value, context: "\(context).timezone")
            case "catch_up": schedule.catchUp = reader.duration(value, "\(context).catch_up") ?? schedule.catchUp
            case "remote": schedule.remote = reader.string(value, "\(context).remote")
            case "branch": schedule.branch = reader.string(value, "\(context).branch")
            case "options": parseScheduleOptions(value, into: &schedule, context: "\(context).options")
            default: break
            }
        }
        if let cronNode, case .scalar = cronNode { checkCron(schedule, lane: lane, node: cronNode) }
        return schedule
    }

    /// Parses the spec as the scheduler will (seeded like the lane) and reports a rejection at
    /// the offending character of the spec inside the YAML value.
    private func checkCron(_ schedule: Schedule, lane: String, node: Node) {
        do {
            let spec = try CronSpec(schedule.cron, seed: schedule.seed ?? lane)
            warnNeverFiring(spec, lane: lane, node: node)
        } catch {
            // Name the field unless the message already does.
            let field = error.field.map { " (\($0) field)" }.flatMap { error.message.contains("field") ? nil : $0 } ?? ""
            bag.error(
                "invalid schedule for lane '\(lane)'\(field): \(error.message)",
                at: reader.location(ofLine: error.line, offset: error.faultOffsetInLine, in: node))
        }
    }

    /// A spec Jenkins accepts may still match no date at all; it is valid (Jenkins only warns),
    /// so a warning, not an error, at the line that never fires.
    private func warnNeverFiring(_ spec: CronSpec, lane: String, node: Node) {
        let physicalLines = spec.text.split(separator: "\n", omittingEmptySubsequences: false)
        for line in spec.linesThatNeverFire {
            let text = line.number <= physicalLines.count ? physicalLines[line.number - 1] : ""
            let indent = text.prefix { $0 == " " || $0 == "\t" }.count
            bag.warning(
                "the schedule of lane '\(lane)' never fires: no date matches '\(line.text)' "
                    + "(a day its month does not have, or a weekday that day never falls on)",
                at: reader.location(ofLine: line.number, offset: indent, in: node))
        }
    }

    /// Written out, not templates: the firing passes them as `name=value` words.
    private func parseScheduleOptions(_ node: Node, into schedule: inout Schedule, context: String) {
        guard let pairs = reader.mapping(node, in: context, known: []) else { return }
        for (key, keyNode, value) in pairs {
            guard let text = reader.scalarText(value, "\(context).\(key)") else { continue }
            schedule.options[key] = text.raw
            schedule.optionLocations[key] = reader.location(of: keyNode)
        }
    }

    private func parseTimeZone(_ node: Node, context: String) -> String? {
        guard let identifier = reader.string(node, context) else { return nil }
        guard TimeZone(identifier: identifier) == nil else { return identifier }
        bag.error(
            "\(context): unknown time zone '\(identifier)'", at: reader.location(of: node),
            notes: Suggestion.note(for: identifier, among: TimeZone.knownTimeZoneIdentifiers))
        return nil
    }

    private func parseTrigger(_ node: Node, context: String) -> Schedule.Trigger {
        guard let text = reader.string(node, context) else { return .always }
        guard let trigger = Schedule.Trigger(rawValue: text) else {
            bag.error(
                "\(context) must be 'always' or 'changed', found '\(text)'", at: reader.location(of: node),
                notes: Suggestion.note(for: text, among: ["always", "changed"]))
            return .always
        }
        return trigger
    }
}
