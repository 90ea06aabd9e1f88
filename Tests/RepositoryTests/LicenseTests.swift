import Foundation
import Testing

/// The licence a newcomer looks for: Apache 2.0 (the team's choice), named where they look.
@Suite("the licence")
struct LicenseTests {
    static func read(_ path: String) throws -> String {
        let root = try #require(NoTrappingSourceTests.packageRoot())
        return try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    @Test("LICENSE holds the Apache License 2.0, and the README and the Homebrew formula name it")
    func apache() throws {
        let license = try Self.read("LICENSE")
        #expect(license.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(license.contains("END OF TERMS AND CONDITIONS"))
        #expect(try Self.read("README.md").contains("[LICENSE](LICENSE)"))
        #expect(try Self.read("Formula/nightshift.rb").contains(#"license "Apache-2.0""#))
    }
}
