import ArgumentParser

/// Flags every command that reads lanes.yml takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "The lanes file.")
    var file: String = "lanes.yml"

    @Option(name: .long, help: ArgumentHelp("Load .env.<name> beside the lanes file first (the real environment wins).", valueName: "name"))
    var env: String?

    @Flag(name: .customLong("no-color"), help: "No colour (also: the NO_COLOR variable).")
    var noColor = false
}
