import ArgumentParser
import NightshiftApp

/// Flags every command that reads lanes.yml takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "The lanes file.")
    var file: String = "lanes.yml"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Load .env.<a>, then .env.<b>, after .env.default and .env beside the lanes file (a later file wins; the real environment wins over all).",
            valueName: "a,b"))
    var env: String?

    @Flag(name: .customLong("no-color"), help: "No colour (also: the NO_COLOR variable).")
    var noColor = false

    var app: LanesFileOptions {
        LanesFileOptions(file: file, env: env, noColor: noColor)
    }
}
