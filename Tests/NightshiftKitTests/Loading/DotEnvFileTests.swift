@testable import NightshiftKit
import Testing
import NightshiftSystem

@Suite(".env files")
struct DotEnvFileTests {
    @Test("KEY=value lines, export, comments, quotes and escapes")
    func parses() throws {
        let values = try DotEnvFile.parse("""
            # signing
            KEYCHAIN_NAME=ci.keychain
            export CODESIGNING_PATH = /opt/signing
            PLAIN=value # a comment
            HASH=a#b
            SINGLE='literal $HOME \\n'
            DOUBLE="two\\nlines and \\"quotes\\""
            EMPTY=
            WINDOWS=crlf\r

            """)
        #expect(values == [
            "KEYCHAIN_NAME": "ci.keychain", "CODESIGNING_PATH": "/opt/signing", "PLAIN": "value", "HASH": "a#b",
            "SINGLE": "literal $HOME \\n", "DOUBLE": "two\nlines and \"quotes\"", "EMPTY": "", "WINDOWS": "crlf",
        ])
    }

    @Test("a broken line is an error with its line number", arguments: [
        ("A=1\nnot a pair\n", 2, "expected NAME=value"),
        ("1BAD=x", 1, "'1BAD' is not a valid variable name"),
        ("A=1\nB=\"open", 2, "unterminated \" quote"),
    ])
    func rejects(_ text: String, _ line: Int, _ message: String) {
        #expect(throws: DotEnvFile.ParseError(line: line, message: message)) { try DotEnvFile.parse(text) }
    }

    @Test("the real environment wins over the file")
    func processEnvironmentWins() {
        let process: EnvironmentVariables = ["KEYCHAIN_NAME": "from-jenkins"]
        let merged = process.filling(from: ["KEYCHAIN_NAME": "from-file", "CODESIGNING_PATH": "/opt/signing"])
        #expect(merged["KEYCHAIN_NAME"] == "from-jenkins")
        #expect(merged["CODESIGNING_PATH"] == "/opt/signing")
    }
}
