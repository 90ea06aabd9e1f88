@testable import NightshiftCore
@testable import NightshiftLanes
import NightshiftSystem
import Testing

/// Each row of the README's `.env` table, and the cases of the Ruby dotenv gem's parser spec
/// (bkeepers/dotenv `spec/dotenv/parser_spec.rb`) and python-dotenv's that nightshift follows.
@Suite(".env files")
struct DotEnvFileTests {
    private func values(_ text: String, environment: EnvironmentVariables = [:]) throws -> [String: String] {
        let assignments = try DotEnvFile.parse(text, file: ".env.test", scope: DotEnvScope(environment: environment))
        return Dictionary(assignments.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    static let plainLines = [
        ("NAME=value", "value"),
        ("export NAME=value", "value"),
        ("  NAME = value  ", "value"),
        ("NAME=value # a comment", "value"),
        ("NAME=a#b", "a#b"),
        ("NAME=#only a comment", ""),
        ("NAME=", ""),
        ("NAME=two words", "two words"),
        ("NAME=a\\b", "a\\b"),
        ("NAME=crlf\r", "crlf"),
    ]

    /// A quoted value ends at its matching quote, and a comment may follow.
    static let quotedLines = [
        ("A=\"x\" # say \"hi\"", "x"),
        ("A='x' # it's 'quoted'", "x"),
        ("A=\"bar#baz\" # comment", "bar#baz"),
        ("A= \"bar\"  ", "bar"),
        ("A=\" keeps blanks \"", " keeps blanks "),
        ("A=\"\"", ""),
        ("A='a \\' b'", "a \\' b"),
    ]

    /// Escapes in double quotes follow the dotenv gem 2.x.
    static let escapedLines = [
        (#"A="two\nlines""#, "two\nlines"),
        (#"A="cr\r""#, "cr\r"),
        (#"A="C:\\dir""#, "C:\\dir"),
        (#"A="say \"hi\"""#, "say \"hi\""),
        (#"A="\$HOME""#, "$HOME"),
        (#"A="bar\$ \$\$""#, "bar$ $$"),
        (#"A="\t""#, "\t"),
        (#"A="a\nb\rc\td""#, "a\nb\rc\td"),
        (#"A='\n \\ \$HOME'"#, #"\n \\ \$HOME"#),
        (#"A='a $B \n'"#, #"a $B \n"#),
        (#"A="C:\\dir \"q\" \$HOME""#, #"C:\dir "q" $HOME"#),
    ]

    @Test("README table: each line gives its value", arguments: plainLines + quotedLines + escapedLines)
    func value(_ line: String, _ expected: String) throws {
        #expect(Array(try values(line).values) == [expected])
    }

    @Test("README table: quoted values may span lines (a PEM or .p8 key)")
    func multiLine() throws {
        let parsed = try values(
            """
            BEFORE=first line
            export KEY="-----BEGIN PRIVATE KEY-----
            MIGTAgEAMBMGByqGSM49
            -----END PRIVATE KEY-----"
            SINGLE='line 1
            line 2' # comment
            AFTER="last line"
            """)
        #expect(
            parsed == [
                "BEFORE": "first line", "KEY": "-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----",
                "SINGLE": "line 1\nline 2", "AFTER": "last line",
            ])
    }

    @Test("README table: $NAME and ${NAME} read the environment, then earlier lines; never commands")
    func substitution() throws {
        let parsed = try values(
            """
            HOST=example.com
            URL="https://$HOST/${HOST}x"
            BARE=$HOST:${HOST}
            FROM_ENV=$HOME
            UNSET=[$NOPE]
            ESCAPED=\\$HOST and "\\${HOST}"
            LONE="bar $ "
            COMMAND=$(rm -rf /)
            QUOTED_COMMAND="$(whoami)"
            LITERAL='$HOST'
            HOME=file-home
            MINE=$HOME
            """, environment: ["HOME": "/Users/ci"])
        #expect(parsed["URL"] == "https://example.com/example.comx")
        #expect(parsed["BARE"] == "example.com:example.com")
        #expect(parsed["FROM_ENV"] == "/Users/ci")
        #expect(parsed["UNSET"] == "[]")
        #expect(parsed["ESCAPED"] == "$HOST and \"${HOST}\"")
        #expect(parsed["LONE"] == "bar $ ")
        #expect(parsed["COMMAND"] == "$(rm -rf /)")
        #expect(parsed["QUOTED_COMMAND"] == "$(whoami)")
        #expect(parsed["LITERAL"] == "$HOST")
        #expect(parsed["MINE"] == "/Users/ci", "the real environment wins over the file's own line")
    }

    @Test("comments, blank lines, export and the last assignment of a name")
    func structure() throws {
        let parsed = try values(
            """
            # signing

              \t
            KEYCHAIN_NAME=first
            # KEYCHAIN_NAME=commented
            export   KEYCHAIN_NAME=ci.keychain
            exported=lower-case names are names
            """)
        #expect(parsed == ["KEYCHAIN_NAME": "ci.keychain", "exported": "lower-case names are names"])
    }

    @Test("each assignment keeps its file, line and column")
    func locations() throws {
        let assignments = try DotEnvFile.parse("A=1\n\nB=\"x\ny\"\n  C=3", file: ".env.staging")
        #expect(assignments.map(\.location.description) == [".env.staging:1:1", ".env.staging:3:1", ".env.staging:5:3"])
    }

    @Test(
        "README table: a line nightshift cannot read as dotenv does is a located error",
        arguments: [
            ("A=1\nnot a pair\n", ".env.test:2:1: error: expected NAME=value"),
            ("1BAD=x", ".env.test:1:1: error: '1BAD' is not a valid variable name"),
            ("A=1\nB=\"open\nC=2", ".env.test:2:3: error: unterminated \" quote"),
            ("A='open", ".env.test:1:3: error: unterminated ' quote"),
            ("A=\"x\" y", ".env.test:1:7: error: unexpected text after the closing \" quote (a comment starts with '#')"),
            ("A=${B:-default}", ".env.test:1:3: error: malformed variable reference: write ${NAME} (no default values in a .env file)"),
            ("A=\"${B\"", ".env.test:1:4: error: malformed variable reference: write ${NAME} (no default values in a .env file)"),
            ("A=1\nB=\"x\\0y\"", ".env.test:2:5: error: a value cannot hold a NUL byte"),
            ("A=x\u{0}y", ".env.test:1:4: error: a value cannot hold a NUL byte"),
            ("A='x\ny\u{0}'", ".env.test:2:2: error: a value cannot hold a NUL byte"),
        ])
    func rejects(_ text: String, _ message: String) {
        #expect(throws: DotEnvError.self) { try DotEnvFile.parse(text, file: ".env.test") }
        do {
            _ = try DotEnvFile.parse(text, file: ".env.test")
        } catch {
            #expect(error.description == message)
        }
    }
}
