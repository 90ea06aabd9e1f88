import ArgumentParser
import NightshiftLanes

// The floor `scripts/bench-startup` compares `nightshift lanes` with: a Swift executable linked
// with the same libraries (ArgumentParser and every nightshift library target, see Package.swift) that does
// nothing. The branch is never taken; it only keeps the libraries from being stripped.
if CommandLine.arguments.count > 1_000 {
    _ = try? LanesFileLoader().parse(text: CommandLine.arguments[1], path: "lanes.yml")
    print(CommandConfiguration(commandName: "never").commandName ?? "")
}
