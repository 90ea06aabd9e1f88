@testable import NightshiftCore
@testable import NightshiftLanes
import NightshiftSystem
import Testing

/// A script's `${NAME}` is a requirement of its step, found before anything runs: an exact
/// reference the script does not set itself, placed where it stands in the script.
@Suite("Script requirements")
struct ScriptRequirementsTests {
    private func load(_ text: String) throws -> LanesFile {
        try LanesFileLoader().parse(text: text, path: "lanes.yml")
    }

    @Test("an unset ${NAME} is an error at the reference inside the script, for the lane being run only")
    func placedAtTheReference() throws {
        let file = try load(
            """
            project: { name: App }
            lanes:
              deliver:
                steps:
                  - sh: |
                      set -e
                      curl -H "Authorization: Bearer ${UPLOAD_TOKEN}" https://example.com
                    name: Upload
              lint:
                steps:
                  - sh: echo "${LINT_ONLY}" ${UPLOAD_TOKEN}
            """)
        let deliver = try #require(LaneRequirements(lane: "deliver", in: file))
        #expect(
            deliver.missingVariableDiagnostics(in: [:]).map(\.description) == [
                "lanes.yml:7:42: error: environment variable 'UPLOAD_TOKEN' is not set (needed by step 'Upload' of lane 'deliver')"
            ])
        let lint = try #require(LaneRequirements(lane: "lint", in: file))
        #expect(
            lint.variables.map { $0.usages.map(\.description) } == [
                ["step 'echo \"${LINT_ONLY}\" ${UPLOAD_TOKEN}' of lane 'lint' (lanes.yml:11:19)"],
                ["step 'echo \"${LINT_ONLY}\" ${UPLOAD_TOKEN}' of lane 'lint' (lanes.yml:11:33)"],
            ])
    }

    @Test("names the script sets, quoted text, the shell's own forms and nightshift's variables need nothing")
    func notNeeded() throws {
        let file = try load(
            """
            project: { name: App }
            lanes:
              build:
                env: { FLAVOR: nightly }
                steps:
                  - sh: |
                      VERSION=$(git describe)
                      echo "${VERSION%-*}" '${LITERAL}' \\${ESCAPED} ${OPTIONAL:-none} $HOME ${FLAVOR}
                      echo ${NIGHTSHIFT_OUTPUT_DIR} ${PWD} ${#VERSION} ${FALLBACK:-${OTHER}}
                      for ipa in *.ipa; do echo ${ipa}; done
                      : "${OUT:=build}"; echo ${OUT}
                      cat <<'EOF'
                      ${NOT_EXPANDED}
                      EOF
                      # ${COMMENTED}
                      echo ${VERSION}
            """)
        #expect(try #require(LaneRequirements(lane: "build", in: file)).variables.isEmpty)
    }

    @Test("names the script reads or assigns, single-quoted text and quoted here-documents are not requirements")
    func setByTheScript() throws {
        let file = try load(
            """
            project: { name: App }
            lanes:
              build:
                steps:
                  - sh: |
                      read -r TAG < tag.txt
                      echo '${LITERAL}' ${TAG}
                      cat <<'EOF'
                      ${NOT_EXPANDED}
                      EOF
            """)
        #expect(try #require(LaneRequirements(lane: "build", in: file)).names == [])
    }

    @Test("a script goes to the shell as written: what nightshift's templates refuse is the shell's business")
    func scriptsAreNotTemplates() throws {
        let file = try load(
            """
            project: { name: App }
            lanes:
              tag:
                steps:
                  - sh: echo "${TAG%%.*}" "${COUNT:?set COUNT}" ${UNCLOSED
            """)
        guard case .sh(let script)? = file.lane(named: "tag")?.steps.first?.kind else {
            Issue.record("not a script step")
            return
        }
        #expect(script.raw == "echo \"${TAG%%.*}\" \"${COUNT:?set COUNT}\" ${UNCLOSED")
        #expect(try #require(LaneRequirements(lane: "tag", in: file)).variables.isEmpty)
    }
}
