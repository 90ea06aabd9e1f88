import NightshiftCore
import ArgumentParser
import NightshiftSystem

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check the lanes file and every reference in it (exit 0 or 2).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let root = CompositionRoot(global: global)
        let file = try root.loadLanesFile()
        let lanes = file.lanes.count, configurations = file.configurations.count
        root.output.out("\(file.path): \(lanes) lane\(lanes == 1 ? "" : "s"), \(configurations) configuration\(configurations == 1 ? "" : "s"): OK\n")
    }
}
