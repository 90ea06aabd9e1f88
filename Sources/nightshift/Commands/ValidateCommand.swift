import ArgumentParser
import NightshiftKit
import NightshiftSystem

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check the lanes file and every reference in it (exit 0 or 2).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let root = CompositionRoot(global: global)
        let file = try root.loadLanesFile()
        root.output.out("\(file.path): \(file.lanes.count) lanes, \(file.configurations.count) configurations: OK\n")
    }
}
