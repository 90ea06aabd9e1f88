import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import SwiftASN1
import Testing

/// Common names in every string type a certificate may use. openssl, left to choose
/// (`string_mask = default`), writes the narrowest: Latin-1 text as a T61String, other text in
/// the BMP as a BMPString, the rest as UTF8String.
@Suite("Certificate names in every ASN.1 string type", .temporaryDirectory)
struct CertificateNameTests {
    @Test(
        "openssl's certificates read back with the name they were given",
        arguments: [
            ("Apple Distribution: Zoë Müller (ABCDE12345)", "T61STRING"),
            ("Apple Distribution: 東京開発 株式会社 (ABCDE12345)", "BMPSTRING"),
            ("Apple Distribution: Rocket 🚀 Ltd (ABCDE12345)", "UTF8STRING"),
            ("Apple Distribution: Example Corp (ABCDE12345)", "PRINTABLESTRING"),
        ])
    func realCertificates(name: String, stringType: String) async throws {
        let folder = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(folder) }
        try await SigningFixtures.make(in: folder, ["P12_PASSWORD": "pw-1234", "COMMON_NAME": name, "STRING_MASK": "default"])
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        let pem = try await SigningFixtures.pem(of: "\(folder)/distribution.p12", password: "pw-1234")
        // The fixture really holds the string type under test (openssl's own reading of it).
        let parsed = try await shell.capture(
            ShellCommand("/bin/sh", ["-c", "openssl x509 -outform DER | openssl asn1parse -inform DER"], standardInput: Array(pem.utf8)))
        #expect(parsed.standardOutput.contains("prim: \(stringType)"))
        let identities = try await P12Inspector(shell: shell).identities(in: "\(folder)/distribution.p12", password: Secret("pw-1234"))
        #expect(identities.map(\.commonName) == [name])
        let profile = try ProvisioningProfile(contentsOf: Data(contentsOf: URL(fileURLWithPath: "\(folder)/distribution.mobileprovision")))
        #expect(profile.certificates.map(\.commonName) == [name])
    }

    struct Encoded: Sendable, CustomTestStringConvertible {
        var what: String
        var tag: UInt8
        var bytes: [UInt8]
        var text: String?
        var testDescription: String { what }
    }

    static let encodings: [Encoded] = [
        Encoded(what: "BMPString, UTF-16BE", tag: 0x1E, bytes: [0x00, 0x41, 0x67, 0x71], text: "A東"),
        Encoded(what: "UniversalString, UTF-32BE", tag: 0x1C, bytes: [0x00, 0x01, 0xF6, 0x80, 0x00, 0x00, 0x00, 0x42], text: "🚀B"),
        Encoded(what: "T61String, as Latin-1", tag: 0x14, bytes: [0x5A, 0x6F, 0xEB], text: "Zoë"),
        Encoded(what: "UTF8String", tag: 0x0C, bytes: Array("Zoë".utf8), text: "Zoë"),
        Encoded(what: "PrintableString", tag: 0x13, bytes: Array("Example".utf8), text: "Example"),
        Encoded(what: "IA5String", tag: 0x16, bytes: Array("a@b.c".utf8), text: "a@b.c"),
        Encoded(what: "a BMPString of odd length", tag: 0x1E, bytes: [0x00, 0x41, 0x00], text: nil),
        Encoded(what: "a UniversalString beyond Unicode", tag: 0x1C, bytes: [0x00, 0x11, 0x00, 0x00], text: nil),
        Encoded(what: "a lone surrogate", tag: 0x1E, bytes: [0xD8, 0x00], text: nil),
        Encoded(what: "ill-formed UTF-8", tag: 0x0C, bytes: [0x41, 0xFF], text: nil),
        Encoded(what: "a NUL inside", tag: 0x1E, bytes: [0x00, 0x41, 0x00, 0x00], text: nil),
        Encoded(what: "an OCTET STRING, which holds no text", tag: 0x04, bytes: Array("bytes".utf8), text: nil),
    ]

    @Test("each string type decodes by its own encoding", arguments: encodings)
    func decoding(_ encoded: Encoded) throws {
        let node = try DER.parse([encoded.tag, UInt8(encoded.bytes.count)] + encoded.bytes)
        #expect(DirectoryString.text(of: node) == encoded.text)
    }
}
