import Foundation
@testable import NightshiftCore
@testable import NightshiftLanes
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Issue #26, items 4 and 10: what an option's name alone decides at load.
@Suite("option names at load: reserved names and secret names")
struct OptionNameRulesTests {
    @Test(
        "an option named like a variable the shell, the loader or nightshift reads is an error at its name, in any case",
        arguments: [
            "PATH", "path", "HOME", "IFS", "LD_PRELOAD", "ld_library_path", "DYLD_INSERT_LIBRARIES", "TMPDIR", "SHELL", "USER",
            "NIGHTSHIFT_RUN_ID", "nightshift_anything", "ENV", "BASH_ENV",
        ])
    func reservedNames(_ name: String) {
        let found = LaneOptionDeclarationTests.problems(LaneOptionDeclarationTests.lane(options: "      \(name): {}"))
        #expect(found.first?.hasPrefix("4:7 option name '\(name)' ") == true, "\(found)")
    }

    @Test("names that only contain a reserved one load", arguments: ["path_prefix", "home_page", "user_count", "shell_script", "build"])
    func ordinaryNames(_ name: String) {
        #expect(LaneOptionDeclarationTests.problems(LaneOptionDeclarationTests.lane(options: "      \(name): {}")).isEmpty)
    }

    @Test("an option named like a secret is secret without `secret: true`, case-insensitively; others are not")
    func secretByName() throws {
        let text = LaneOptionDeclarationTests.lane(
            options: "      deploy_password: {}\n      API_TOKEN: {}\n      db_pass: {}\n      pass_through: {}\n      version: {}")
        let file = try LanesFileLoader().parse(text: text, path: "l.yml")
        let lane = try #require(file.lane(named: "n"))
        #expect(lane.options.map(\.isSecret) == [true, true, true, false, false])
    }
}
