import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftServices
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// The files an upload's settings name besides the file it sends: key files and release notes.
/// They are read against the run's folder, and read as every other file nightshift reads is:
/// regular files only, opened without blocking.
@Suite("Upload key files and notes files", .temporaryDirectory)
struct UploadKeyFileTests {
    @Test("a FIFO, a device or a folder as a key or notes file fails at once, saying what it is", arguments: NotAFile.allCases)
    func notARegularFile(kind: NotAFile) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (path, reason) = try scratch.notAFile(kind, named: "AuthKey.p8")
        #expect(throws: AppStoreConnectError(.unreadableKey, "cannot read the App Store Connect key '\(path)': \(reason)")) {
            try AppStoreConnectKey.pem(path)
        }
        let failure = #expect(throws: UploadError.self) { try GoogleServiceAccount.load(path) }
        #expect(failure?.message == "cannot read the service account key '\(path)': \(reason)")
    }

    @Test("a key file's path, a notes file and a folder are read against the run's folder; a key given as content is left alone")
    func readAgainstTheRunFolder() throws {
        let folder = "/srv/app"
        let context = StepContext(
            lanesFile: LanesFile(path: "lanes.yml", project: Project(name: "Demo")), lane: Lane(name: "l", steps: []),
            step: Step(.lane("l")), configuration: nil, environment: [:],
            folders: RunFolders(root: .test("/tmp/ns"), lane: "l", runID: "1"), shell: ScriptedShellRunner(), clock: ManualClock(),
            secrets: RunSecrets(secrets: []), cleanup: CleanupStack(), exports: RunExports(), directory: folder, isDryRun: false,
            emit: { _, _ in })
        func read(_ destination: UploadDestination, _ values: [String: String]) throws -> [String: String] {
            let parameters = values.mapValues { UploadParameter.scalar(Template($0)) }
            return try UploadStepPerformer.readingPaths(parameters, destination: destination, in: context).compactMapValues {
                if case .scalar(let value) = $0 { value.raw } else { nil }
            }
        }
        let pem = "-----BEGIN PRIVATE KEY-----\nMIG\n-----END PRIVATE KEY-----"
        #expect(
            try read(.testflight, ["private_key": "keys/AuthKey.p8", "key_id": "K"]) == [
                "private_key": "/srv/app/keys/AuthKey.p8", "key_id": "K",
            ])
        #expect(try read(.testflight, ["private_key": pem]) == ["private_key": pem])
        #expect(
            try read(.firebase, ["service_account": "ci/key.json", "notes_file": "../notes.txt"])
                == ["service_account": "/srv/app/ci/key.json", "notes_file": "/srv/notes.txt"])
        #expect(try read(.firebase, ["service_account": #"{"client_email": "a"}"#]) == ["service_account": #"{"client_email": "a"}"#])
        #expect(try read(.folder, ["path": "/Volumes/builds", "file": "App.ipa"]) == ["path": "/Volumes/builds", "file": "App.ipa"])
        #expect(try read(.http, ["url": "https://x.example/", "path": "p"]) == ["url": "https://x.example/", "path": "p"])
    }
}
