import ArgumentParser
import NightshiftApp

/// `nightshift run LANE --help` (issue #19): the lane's options, as `nightshift lanes LANE` prints
/// them, instead of the command's help, which `nightshift run --help` still gives. ArgumentParser
/// answers `--help` before any command runs, so the words are looked at first.
enum RunLaneHelp {
    /// The lane whose options were asked for, with the global options given, if the words are
    /// `run … LANE … --help`.
    static func request(_ arguments: [String]) -> ListLanes? {
        guard arguments.first == "run", arguments.contains(where: { $0 == "--help" || $0 == "-h" }) else { return nil }
        let rest = arguments.dropFirst().filter { $0 != "--help" && $0 != "-h" }
        guard let command = try? RunCommand.parse(Array(rest)), let lane = command.lanes.first else { return nil }
        return ListLanes(global: command.global.app, lane: lane)
    }
}
