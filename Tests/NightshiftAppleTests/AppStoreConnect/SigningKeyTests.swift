import Foundation
@testable import NightshiftApple
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

/// The private key of `codesigning.private_keys`: the CSR it makes passes `openssl req -verify`
/// and carries its public key, and it recognises certificates made from it and only those.
@Suite("Signing keys: CSRs and certificate matching, checked with openssl", .temporaryDirectory)
struct SigningKeyTests {
    /// The 2048-bit key named `name` in this test process (`FixtureKeys`).
    static func rsaKey(_ name: String) async throws -> String {
        try await FixtureKeys.shared.pem(name)
    }

    static func certificate(for pem: String, in folder: String, name: String = "key") async throws -> Data {
        try await FakeSigningPortal.selfSignedCertificate(keyPEM: pem, in: folder, name: name)
    }

    @Test("the CSR verifies with openssl req -verify and holds the key's public key")
    func csrVerifies() async throws {
        let folder = try TemporaryDirectory.make("csr")
        let pem = try await Self.rsaKey("csr")
        let key = try SigningKey(name: "distribution", pem: pem)
        let csr = try key.certificateSigningRequest(commonName: "nightshift distribution")
        let file = folder + "/request.der"
        try #require(FileManager.default.createFile(atPath: file, contents: Data(base64Encoded: csr)))
        let verified = try await FakeSigningPortal.openssl(["req", "-inform", "DER", "-in", file, "-verify", "-noout", "-subject"])
        #expect(verified.contains("CN") && verified.contains("nightshift distribution"))
        try pem.write(toFile: folder + "/key.pem", atomically: true, encoding: .utf8)
        let fromKey = try await FakeSigningPortal.openssl(["rsa", "-in", folder + "/key.pem", "-pubout"])
        let fromRequest = try await FakeSigningPortal.openssl(["req", "-inform", "DER", "-in", file, "-pubkey", "-noout"])
        #expect(fromKey == fromRequest)
    }

    @Test("a certificate is matched to its own key, not to another")
    func matching() async throws {
        let folder = try TemporaryDirectory.make("match")
        let (mine, other) = (try await Self.rsaKey("mine"), try await Self.rsaKey("other"))
        let key = try SigningKey(name: "distribution", pem: mine)
        #expect(key.matches(certificateDER: Array(try await Self.certificate(for: mine, in: folder, name: "mine"))))
        #expect(!key.matches(certificateDER: Array(try await Self.certificate(for: other, in: folder, name: "other"))))
        #expect(!key.matches(certificateDER: Array("not a certificate".utf8)))
    }

    @Test("a PKCS#8 key reads as well as a PKCS#1 one")
    func pkcs8() async throws {
        let folder = try TemporaryDirectory.make("pkcs8")
        let pkcs1 = try await Self.rsaKey("pkcs8")
        try pkcs1.write(toFile: folder + "/k.pem", atomically: true, encoding: .utf8)
        let pkcs8 = try await FakeSigningPortal.openssl(["pkcs8", "-topk8", "-nocrypt", "-in", folder + "/k.pem"])
        #expect(try SigningKey(name: "a", pem: pkcs8).publicKeyInfo == SigningKey(name: "b", pem: pkcs1).publicKeyInfo)
    }

    @Test("a key that is not a 2048-bit RSA key is refused, naming the entry and never quoting it")
    func refused() async throws {
        let short = try await FakeSigningPortal.openssl(["genrsa", "1024"])
        for pem in ["garbage", short] {
            #expect {
                _ = try SigningKey(name: "distribution", pem: pem)
            } throws: { error in
                let text = "\(error)"
                return text.contains("codesigning.private_keys.distribution") && !text.contains(pem)
            }
        }
    }
}
