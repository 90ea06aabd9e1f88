import ArgumentParser
@testable import nightshift
import NightshiftTestSupport
import Testing

/// `--help` of every command, compared with `Golden/help-<command path>.txt`, so a changed flag,
/// default or wording shows up in review. New commands are picked up from the command tree;
/// record their goldens with `NIGHTSHIFT_RECORD=1 swift test --filter HelpGoldenTests`.
@Suite("--help of every command")
struct HelpGoldenTests {
    static func commands(_ command: any ParsableCommand.Type = Nightshift.self, path: [String] = []) -> [(String, any ParsableCommand.Type)]
    {
        let name = command.configuration.commandName ?? "nightshift"
        let here = path + [name]
        return [(here.joined(separator: "-"), command)]
            + command.configuration.subcommands.flatMap { commands($0, path: here) }
    }

    @Test("every command's help matches its golden file", arguments: commands().map(\.0))
    func help(of name: String) throws {
        let command = try #require(Self.commands().first { $0.0 == name }?.1)
        let text = Nightshift.helpMessage(for: command, columns: 100) + "\n"
        Golden.assertMatches(text, file: Golden.folder() + "/Golden/help-\(name).txt")
    }
}
