import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftSystem
import Testing

@Suite("codesigning: from: appstoreconnect and private_keys")
struct CodesigningSourceParsingTests {
    private func load(_ codesigning: String) throws -> LanesFile {
        let text = "codesigning:\n\(codesigning)\nlanes: { a: { steps: [ { sh: 'true' } ] } }\n"
        return try LanesFileLoader().parse(data: Data(text.utf8), path: "lanes.yml")
    }

    private func errors(_ codesigning: String) -> [String] {
        do {
            _ = try load(codesigning)
            return []
        } catch let error as LanesFileError {
            return error.diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

    @Test("from: appstoreconnect needs no path; the keys are read and are secrets")
    func reads() throws {
        let file = try load("  from: appstoreconnect\n  private_keys: { distribution: \"${DIST_KEY}\", development: \"${DEV_KEY}\" }")
        #expect(file.codesigning?.from == .appStoreConnect)
        #expect(file.codesigning?.privateKeys.keys.sorted() == ["development", "distribution"])
        let secrets = file.secretValues(in: EnvironmentVariables(["DIST_KEY": "-----BEGIN PRIVATE KEY-----x", "DEV_KEY": "dev-key-value"]))
        #expect(secrets.contains("-----BEGIN PRIVATE KEY-----x") && secrets.contains("dev-key-value"))
    }

    @Test("an unknown source, keys without from:, a bad key name and a missing path are located errors")
    func errors() {
        #expect(errors("  from: match") == ["2:9 unknown codesigning.from 'match': nightshift takes signing files from appstoreconnect"])
        #expect(
            errors("  path: signing\n  private_keys: { distribution: x }").first?.hasPrefix(
                "3:3 codesigning.private_keys needs 'from: appstoreconnect'") == true)
        #expect(
            errors("  from: appstoreconnect\n  private_keys: { \"../x\": k }").first?.hasPrefix("3:19 '../x' is not a usable name") == true)
        #expect(errors("  certificate_password: p").first?.contains("path") == true)
    }
}
