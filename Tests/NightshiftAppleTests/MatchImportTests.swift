import Foundation
@testable import NightshiftApple
import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `nightshift signing import-match`: a match repository made here, its files encrypted by
/// `openssl enc -aes-256-cbc -md md5 -a` (match's v1) and by a small Python `cryptography`
/// script writing match's v2 layout, decrypted by nightshift into the folder `codesigning.path`
/// reads. A wrong password, a damaged file or a hostile name is an error and writes nothing.
@Suite("Import from fastlane match", .temporaryDirectory)
struct MatchImportTests {
    static let password = "correct horse battery staple"
    static let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))

    /// The venv's python with `cryptography`, or nil (the v2 tests then skip, saying why).
    static let python: String? = {
        let root = ((#filePath as NSString).deletingLastPathComponent + "/../..") as NSString
        let venv = root.standardizingPath + "/.build-tools/venv"
        let candidate = venv + "/bin/python"
        guard FileManager.default.isExecutableFile(atPath: candidate) else { return nil }
        let libraries = (try? FileManager.default.contentsOfDirectory(atPath: venv + "/lib")) ?? []
        let installed = libraries.contains { FileManager.default.fileExists(atPath: "\(venv)/lib/\($0)/site-packages/cryptography") }
        return installed ? candidate : nil
    }()

    /// match's v2 (fastlane match/lib/match/encryption/encryption.rb): prefix, salt, tag, ciphertext.
    static let encryptV2 = """
        import base64, hashlib, os, sys
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        data = open(sys.argv[1], 'rb').read()
        salt = os.urandom(8)
        material = hashlib.pbkdf2_hmac('sha256', os.environ['MATCH_PASSWORD'].encode(), salt, 10000, 68)
        sealed = AESGCM(material[:32]).encrypt(material[32:44], data, material[44:])
        open(sys.argv[2], 'wb').write(base64.encodebytes(b'match_encrypted_v2__' + salt + sealed[-16:] + sealed[:-16]))
        """

    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> String {
        let result = try await shell.capture(ShellCommand(executable, arguments, environment: environment))
        guard result.succeeded else { throw ToolFailure(description: "\(executable) \(arguments.first ?? ""): \(result.failureDetail)") }
        return result.standardOutput
    }

    struct ToolFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func encrypt(_ plain: String, to path: String, version: Int, password: String = password) async throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if version == 1 {
            try await run(
                "openssl", ["enc", "-aes-256-cbc", "-md", "md5", "-a", "-salt", "-in", plain, "-out", path, "-pass", "env:MATCH_PASSWORD"],
                environment: ["MATCH_PASSWORD": password])
        } else {
            try await run(try #require(python), ["-c", encryptV2, plain, path], environment: ["MATCH_PASSWORD": password])
        }
    }

    /// A key and certificate as match makes them (PEM key in the .p12 slot, DER .cer), a real
    /// PKCS#12 as `match import` stores one, and a profile; `version` for every file.
    struct Repository {
        let root: String
        var repo: String { "\(root)/repo" }
        var plain: String { "\(root)/plain" }
        var output: String { "\(root)/out" }

        static func make(version: Int) async throws -> Repository {
            let root = try SigningFixtures.temporaryFolder()
            let fixture = Repository(root: root)
            let plain = fixture.plain
            try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
            // The key is the process's one of its name (FixtureKeys): making one is most of the CPU.
            try await FixtureKeys.shared.write("key", to: "\(plain)/key.pem")
            try await MatchImportTests.run(
                "openssl",
                [
                    "req", "-x509", "-key", "\(plain)/key.pem", "-out", "\(plain)/cert.pem",
                    "-subj", "/CN=Apple Distribution: Nightshift (ABCDE12345)", "-days", "2",
                ])
            try await MatchImportTests.run("openssl", ["x509", "-in", "\(plain)/cert.pem", "-outform", "DER", "-out", "\(plain)/cert.der"])
            try await MatchImportTests.run(
                "openssl",
                [
                    "pkcs12", "-export", "-inkey", "\(plain)/key.pem", "-in", "\(plain)/cert.pem", "-out", "\(plain)/real.p12",
                    "-passout", "pass:", "-keypbe", "PBE-SHA1-3DES", "-certpbe", "PBE-SHA1-3DES", "-macalg", "sha1",
                ])
            // Any DER stands for a profile here: the import checks the shape, signing reads it later.
            try FileManager.default.copyItem(atPath: "\(plain)/cert.der", toPath: "\(plain)/profile.der")
            let repo = fixture.repo
            try await encrypt("\(plain)/cert.der", to: "\(repo)/certs/distribution/ABC123.cer", version: version)
            try await encrypt("\(plain)/key.pem", to: "\(repo)/certs/distribution/ABC123.p12", version: version)
            try await encrypt("\(plain)/cert.der", to: "\(repo)/certs/development/DEV9.cer", version: version)
            try await encrypt("\(plain)/real.p12", to: "\(repo)/certs/development/DEV9.p12", version: version)
            try await encrypt(
                "\(plain)/profile.der", to: "\(repo)/profiles/appstore/AppStore_com.example.app.mobileprovision", version: version)
            try Data("2.220.0\n".utf8).write(to: URL(fileURLWithPath: "\(repo)/match_version.txt"))
            return fixture
        }

        func data(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

        func importing(password: String = MatchImportTests.password) async throws -> MatchImport.Report {
            try await MatchImport(shell: MatchImportTests.shell).run(repository: repo, output: output, password: Secret(password))
        }
    }

    /// match's v2 needs python with `cryptography` to write its fixture; without it the v2 tests
    /// are skipped, saying why, as Swift Testing reports a disabled test (not failed).
    static let v2Needs = "python with cryptography is not installed in .build-tools/venv: run scripts/install-deps"

    @Test(
        "v1: the PEM key joined with its .cer into a PKCS#12 openssl opens with MATCH_PASSWORD; a real .p12 and the profile copied as stored"
    )
    func importsVersion1() async throws { try await imports(version: 1) }

    @Test("v2: the same from match's AES-GCM format", .enabled(if: python != nil, Comment(rawValue: v2Needs)))
    func importsVersion2() async throws { try await imports(version: 2) }

    func imports(version: Int) async throws {
        let fixture = try await Repository.make(version: version)
        defer { SigningFixtures.remove(fixture.root) }
        let report = try await fixture.importing()
        #expect(
            report.written.map(\.name) == ["development-DEV9.p12", "distribution-ABC123.p12", "AppStore_com.example.app.mobileprovision"])
        #expect(report.combined == ["distribution-ABC123.p12"])
        #expect(try fixture.data("\(fixture.output)/development-DEV9.p12") == fixture.data("\(fixture.plain)/real.p12"))
        #expect(
            try fixture.data("\(fixture.output)/AppStore_com.example.app.mobileprovision") == fixture.data("\(fixture.plain)/profile.der"))
        let certificate = try await Self.run(
            "openssl", ["pkcs12", "-in", "\(fixture.output)/distribution-ABC123.p12", "-nokeys", "-clcerts", "-passin", "env:P"],
            environment: ["P": Self.password])
        #expect(certificate.contains("CN=Apple Distribution: Nightshift (ABCDE12345)") || certificate.contains("CN = Apple Distribution"))
        let attributes = try FileManager.default.attributesOfItem(atPath: "\(fixture.output)/distribution-ABC123.p12")
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)
        // No key or certificate left behind beside the output.
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.output).count == 3)
    }

    @Test("v1: a wrong password is a clear error, and nothing is written")
    func wrongPasswordVersion1() async throws { try await wrongPassword(version: 1) }

    @Test("v2: a wrong password is a clear error, and nothing is written", .enabled(if: python != nil, Comment(rawValue: v2Needs)))
    func wrongPasswordVersion2() async throws { try await wrongPassword(version: 2) }

    func wrongPassword(version: Int) async throws {
        let fixture = try await Repository.make(version: version)
        defer { SigningFixtures.remove(fixture.root) }
        for wrong in ["hunter2", "correct horse battery stapl", String(repeating: "x", count: 1000)] {
            let failure = await #expect(throws: MatchImportFailure.self) { try await fixture.importing(password: wrong) }
            #expect(failure?.problem == .wrongPassword)
            #expect(failure?.description.contains(wrong) == false)
        }
        #expect(FileKind.of(fixture.output) == .absent)
    }

    @Test("v1 with wrong passwords never yields garbage: padding and content are both checked")
    func version1NeverGarbage() throws {
        // 300 passwords against one v1 file: a wrong one passes the padding check about once in
        // 256; the content check must catch each of those.
        var stored = Array("Salted__".utf8) + Array(repeating: 7, count: 8)
        stored += Array(repeating: 0x41, count: 64)
        let text = Data(Data(stored).base64EncodedString().utf8)
        for index in 0..<300 {
            #expect(throws: MatchImportError.wrongPassword) {
                _ = try MatchDecryption.decrypt(text, password: "guess-\(index)", kind: .certificate)
            }
        }
    }

    @Test("truncated and foreign files are named, not decrypted into garbage")
    func truncated() throws {
        let v2 = Data(Data(Array("match_encrypted_v2__".utf8) + [1, 2, 3]).base64EncodedString().utf8)
        #expect(throws: MatchImportError.truncated) { _ = try MatchDecryption.decrypt(v2, password: "p", kind: .profile) }
        let v1 = Data(
            Data(Array("Salted__".utf8) + Array(repeating: 1, count: 8) + Array(repeating: 2, count: 20)).base64EncodedString().utf8)
        #expect(throws: MatchImportError.truncated) { _ = try MatchDecryption.decrypt(v1, password: "p", kind: .profile) }
        #expect(throws: MatchImportError.notEncrypted) {
            _ = try MatchDecryption.decrypt(Data("plain text".utf8), password: "p", kind: .profile)
        }
        #expect(throws: MatchImportError.notEncrypted) { _ = try MatchDecryption.decrypt(Data(), password: "p", kind: .profile) }
    }

    @Test("a file cut short inside a real repository stops the import before anything is written")
    func truncatedInRepository() async throws {
        let fixture = try await Repository.make(version: 1)
        defer { SigningFixtures.remove(fixture.root) }
        let path = "\(fixture.repo)/certs/distribution/ABC123.cer"
        let text = try fixture.data(path)
        try text.prefix(text.count / 2).write(to: URL(fileURLWithPath: path))
        let failure = await #expect(throws: MatchImportFailure.self) { try await fixture.importing() }
        #expect(failure?.file == "certs/distribution/ABC123.cer")
        #expect(FileKind.of(fixture.output) == .absent)
    }

    @Test("hostile names, links and FIFOs in the repository stop the import; nothing outside it is read or written")
    func hostileEntries() async throws {
        let fixture = try await Repository.make(version: 1)
        defer { SigningFixtures.remove(fixture.root) }
        let folder = "\(fixture.repo)/certs/distribution"
        let cases: [(String, () throws -> Void, MatchImportError)] = [
            ("newline", { try Data().write(to: URL(fileURLWithPath: "\(folder)/a\nb.p12")) }, .unsafeName("certs/distribution/a\nb.p12")),
            ("dots", { try Data().write(to: URL(fileURLWithPath: "\(folder)/..p12")) }, .unsafeName("certs/distribution/..p12")),
            (
                "link", { try FileManager.default.createSymbolicLink(atPath: "\(folder)/LINK.p12", withDestinationPath: "/etc/passwd") },
                .symbolicLink("certs/distribution/LINK.p12")
            ),
            (
                "folder link",
                { try FileManager.default.createSymbolicLink(atPath: "\(fixture.repo)/certs/evil", withDestinationPath: "/etc") },
                .symbolicLink("certs/evil")
            ),
        ]
        for (name, make, expected) in cases {
            try make()
            let error = await #expect(throws: MatchImportError.self, "\(name)") { try await fixture.importing() }
            #expect(error == expected, "\(name)")
            #expect(FileKind.of(fixture.output) == .absent, "\(name)")
            for entry in try FileManager.default.contentsOfDirectory(atPath: folder) where !entry.hasPrefix("ABC123") {
                try FileManager.default.removeItem(atPath: "\(folder)/\(entry)")
            }
            try? FileManager.default.removeItem(atPath: "\(fixture.repo)/certs/evil")
        }
        try await Self.run("mkfifo", ["\(folder)/PIPE.p12"])
        let error = await #expect(throws: MatchImportError.self) { try await fixture.importing() }
        #expect(error == .unreadable("certs/distribution/PIPE.p12"))
    }

    @Test("an output file that exists is never replaced: the import stops before writing any")
    func keepsExisting() async throws {
        let fixture = try await Repository.make(version: 1)
        defer { SigningFixtures.remove(fixture.root) }
        try FileManager.default.createDirectory(atPath: fixture.output, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(fixture.output)/AppStore_com.example.app.mobileprovision"))
        await #expect(throws: MatchImportError.exists("\(fixture.output)/AppStore_com.example.app.mobileprovision")) {
            try await fixture.importing()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.output) == ["AppStore_com.example.app.mobileprovision"])
        #expect(try fixture.data("\(fixture.output)/AppStore_com.example.app.mobileprovision") == Data("mine".utf8))
    }

    @Test("openssl failing to make the PKCS#12 takes back what the import had written")
    func allOrNothing() async throws {
        let fixture = try await Repository.make(version: 1)
        defer { SigningFixtures.remove(fixture.root) }
        let importer = MatchImport(shell: Self.shell, opensslPath: "false")
        await #expect(throws: MatchImportError.pkcs12("")) {
            try await importer.run(repository: fixture.repo, output: fixture.output, password: Secret(Self.password))
        }
        #expect(FileKind.of(fixture.output) == .absent)
    }

    @Test("a folder that is not a match repository, and an empty password, are refused")
    func notARepository() async throws {
        let root = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(root) }
        await #expect(throws: MatchImportError.notARepository(root)) {
            try await MatchImport(shell: Self.shell).run(repository: root, output: "\(root)/out", password: Secret("p"))
        }
        await #expect(throws: MatchImportError.noPassword) {
            try await MatchImport(shell: Self.shell).run(repository: root, output: "\(root)/out", password: Secret(""))
        }
    }
}
