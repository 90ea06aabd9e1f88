import NightshiftCore
import NightshiftSystem

/// How options reach the steps without the engine knowing them: a lane's `env:` gains
/// `name: ${NIGHTSHIFT_OPTION_NAME}` for each option, so `${name}` works in every template and
/// `sh:` sees both names. The run sets `NIGHTSHIFT_OPTION_*` (a `NIGHTSHIFT_` name, which no
/// requirement check asks from outside); a `lane:` call sets both names in its own `env:`
/// (`LaneCallOptions`), which wins over the called lane's.
extension LanesFileParser {
    func withOptionVariables(_ lane: Lane) -> Lane {
        var lane = lane
        for option in lane.options {
            if let clash = lane.environment[option.name] {
                bag.error(
                    "env \(option.name) of lane '\(lane.name)' has the name of one of its options", at: clash.location ?? lane.location,
                    notes: ["steps read option '\(option.name)' as ${\(option.name)}: rename the variable or the option"])
                continue
            }
            lane.environment[option.name] = Template("${\(option.variableName)}", at: option.location)
        }
        if let schedule = lane.schedule { checkScheduleOptions(schedule, of: lane) }
        return lane
    }

    /// A schedule's `options:` are written out, so they are checked now like a command line's.
    private func checkScheduleOptions(_ schedule: Schedule, of lane: Lane) {
        let given = schedule.options.keys.sorted().map { (name: $0, value: schedule.options[$0] ?? "") }
        // A default is the run's to expand (`${BUILD_NUMBER:-1}`): only what the schedule writes
        // out, and what it leaves missing, is checked here.
        let resolution = LaneOptionValues.resolve(
            given, for: lane, in: [:], source: "its schedule", locations: schedule.optionLocations, at: schedule.location,
            checkingDefaults: false)
        guard case .failure(let problems) = resolution else { return }
        for problem in problems.diagnostics { bag.append(problem) }
    }
}
