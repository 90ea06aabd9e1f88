@testable import NightshiftLanes
import Testing

/// The `${NAME}` references `/bin/sh` will expand in a script, and the names it sets itself.
@Suite("ShellScriptScanner")
struct ShellScriptScannerTests {
    private func references(_ script: String) -> [String] {
        ShellScriptScanner.scan(script).references.map(\.name)
    }

    private func assigned(_ script: String) -> Set<String> {
        ShellScriptScanner.scan(script).assigned
    }

    @Test(
        "only the exact ${NAME} form is a reference, unquoted, in double quotes and in substitutions",
        arguments: [
            ("curl -H \"Authorization: ${UPLOAD_TOKEN}\" ${URL}", ["UPLOAD_TOKEN", "URL"]),
            ("echo $(cat ${FILE}) `echo ${OLD}` $(( ${N} + 1 ))", ["FILE", "OLD", "N"]),
            ("echo \"$(printf '%s' \"${INNER}\")\"", ["INNER"]),
            ("echo ${A}${B}", ["A", "B"]),
            ("echo $NAME ${NAME:-} ${NAME:-x} ${NAME-x} ${NAME:+y} ${NAME:?unset} ${#NAME} ${NAME%.*} ${NAME##*/}", []),
            ("echo $$ $${PID_ESCAPED} $1 ${1} $? ${@} ${#} $# ${!NAME}", []),
            ("echo ${A:-${B}} \"${C:-${D}}\"", []),
            ("echo '${NOT_A_REF}' \\${ESCAPED} \"\\${ESCAPED_IN_QUOTES}\" \"it's ${QUOTED}\"", ["QUOTED"]),
            ("# uses ${COMMENTED}\necho hi # and ${TRAILING}\necho a#${NOT_COMMENT}", ["NOT_COMMENT"]),
            ("echo $((1 << 2)) ${AFTER_SHIFT}\necho x <<< \"${HERE_STRING}\"", ["AFTER_SHIFT", "HERE_STRING"]),
        ])
    func references(_ script: String, _ expected: [String]) {
        #expect(references(script) == expected)
    }

    @Test("here-documents: an unquoted delimiter's body expands, a quoted one's is text; the script goes on after it")
    func hereDocuments() {
        let script = """
            cat <<EOF > a
            token ${TOKEN} and '${QUOTES_ARE_TEXT}' \\${ESCAPED}
            EOF
            cat <<'EOF' > b
            ${LITERAL}
            EOF
            cat <<-"END" <<\\X
            \t${ALSO_LITERAL}
            \tEND
            ${BACKSLASHED_DELIMITER}
            X
            echo ${AFTER}
            """
        #expect(references(script) == ["TOKEN", "QUOTES_ARE_TEXT", "AFTER"])
    }

    @Test("positions are the line within the script and the offset of the $ in it")
    func positions() {
        let scan = ShellScriptScanner.scan("set -e\n  echo \"x ${TOKEN}\"\n")
        #expect(scan.references == [.init(name: "TOKEN", line: 2, offset: 10)])
    }

    @Test(
        "names the script sets: assignments, read, for, local, getopts, ${NAME:=x}",
        arguments: [
            ("VERSION=$(git describe); echo ${VERSION}", ["VERSION"]),
            ("export TAG=\"v1\" PLAIN; readonly R=1", ["TAG", "R"]),
            ("IFS= read -r FIRST SECOND < file 2>&1", ["IFS", "FIRST", "SECOND"]),
            ("while read line; do echo ${line}; done", ["line"]),
            ("for ITEM in a b; do echo ${ITEM}; done", ["ITEM"]),
            ("f() { local L; local M=2; }", ["L", "M"]),
            ("getopts ab OPT", ["OPT"]),
            (": \"${OUT:=build}\" ${DIR=x}; echo ${OUT}", ["OUT", "DIR"]),
            ("COUNT+=1 make", ["COUNT"]),
            ("echo NOT=assigned; export ALONE; \"Q\"=1", []),
        ])
    func assignments(_ script: String, _ expected: [String]) {
        #expect(assigned(script) == Set(expected))
    }

    @Test("unterminated quotes, expansions and here-documents end the scan, never the process")
    func unterminated() {
        for script in ["echo '${A}", "echo \"${B}", "echo ${C", "echo $(echo ${D}", "cat <<EOF\n${E}", "echo `${F}", "echo \\"] {
            _ = ShellScriptScanner.scan(script)
        }
        #expect(references("echo \"${B}") == ["B"])
        #expect(references("cat <<EOF\n${E}") == ["E"])
    }

    @Test("substitutions nested past the limit are skipped, not recursed into")
    func deepNesting() {
        let deep = String(repeating: "$(", count: 100_000) + "${X}" + String(repeating: ")", count: 100_000)
        #expect(references(deep).isEmpty)
        #expect(references(String(repeating: "$(", count: 3) + "${X}" + String(repeating: ")", count: 3)) == ["X"])
    }
}
