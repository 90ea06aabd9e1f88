import Crypto
import Foundation
import _CryptoExtras

/// One file of a fastlane match repository, decrypted. Match writes each file as base64 text of
/// one of two formats (fastlane's `match/lib/match/encryption/encryption.rb`):
/// - v1, `Salted__` + 8-byte salt + AES-256-CBC ciphertext, key and IV from OpenSSL's
///   `EVP_BytesToKey` (one round of MD5; OpenSSL 1.1 and later wrote SHA-256, which match also
///   tries) — what `openssl enc -aes-256-cbc -md md5 -a` writes;
/// - v2, `match_encrypted_v2__` + 8-byte salt + 16-byte GCM tag + AES-256-GCM ciphertext, with
///   68 bytes of PBKDF2-HMAC-SHA256 (10,000 rounds) split into key (32), IV (12) and additional
///   authenticated data (24).
/// A wrong password is an error, never garbage: v2's tag proves it; v1 has no integrity check, so
/// its padding must check and the plaintext must look like what the file holds (`MatchContent`).
enum MatchDecryption {
    static let v1Prefix = Array("Salted__".utf8)
    static let v2Prefix = Array("match_encrypted_v2__".utf8)
    static let v2Rounds = 10_000

    static func decrypt(_ text: Data, password: String, kind: MatchContent) throws(MatchImportError) -> Data {
        let compact = text.filter { !($0 == 0x0A || $0 == 0x0D || $0 == 0x20 || $0 == 0x09) }
        guard let stored = Data(base64Encoded: compact).map(Array.init) else { throw .notEncrypted }
        if stored.starts(with: v2Prefix) { return try version2(stored, password: password) }
        if stored.starts(with: v1Prefix) { return try version1(stored, password: password, kind: kind) }
        throw .notEncrypted
    }

    private static func version2(_ stored: [UInt8], password: String) throws(MatchImportError) -> Data {
        guard stored.count >= 44 else { throw .truncated }
        let salt = stored[20..<28]
        let tag = stored[28..<44]
        let ciphertext = stored[44...]
        do {
            let material = try KDF.Insecure.PBKDF2.deriveKey(
                from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 68, unsafeUncheckedRounds: v2Rounds
            ).withUnsafeBytes { Array($0) }
            let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: material[32..<44]), ciphertext: ciphertext, tag: tag)
            return try AES.GCM.open(box, using: SymmetricKey(data: material[0..<32]), authenticating: material[44..<68])
        } catch {
            throw .wrongPassword
        }
    }

    private static func version1(_ stored: [UInt8], password: String, kind: MatchContent) throws(MatchImportError) -> Data {
        let ciphertext = stored.dropFirst(16)
        guard stored.count >= 32, ciphertext.count % 16 == 0 else { throw .truncated }
        let salt = Array(stored[8..<16])
        let digests: [([UInt8]) -> [UInt8]] = [{ Array(Insecure.MD5.hash(data: $0)) }, { Array(SHA256.hash(data: $0)) }]
        for digest in digests {
            let material = bytesToKey(Array(password.utf8), salt: salt, digest: digest)
            guard let iv = try? AES._CBC.IV(ivBytes: material[32..<48]),
                let plain = try? AES._CBC.decrypt(ciphertext, using: SymmetricKey(data: material[0..<32]), iv: iv),
                kind.accepts(plain)
            else { continue }
            return plain
        }
        throw .wrongPassword
    }

    /// OpenSSL's `EVP_BytesToKey` with one round: D1 = H(password ‖ salt), Dn = H(Dn-1 ‖ password
    /// ‖ salt), concatenated until there are 48 bytes (key and IV).
    static func bytesToKey(_ password: [UInt8], salt: [UInt8], digest: ([UInt8]) -> [UInt8]) -> [UInt8] {
        var material: [UInt8] = []
        var last: [UInt8] = []
        while material.count < 48 {
            last = digest(last + password + salt)
            material += last
        }
        return Array(material.prefix(48))
    }
}

/// What a match file holds, by its extension, and whether decrypted bytes look like it: a v1
/// decryption with a wrong password passes the padding check once in 256 times.
enum MatchContent: Sendable, Hashable {
    /// `.cer`: a DER certificate.
    case certificate
    /// `.p12`: a DER PKCS#12, or the PEM private key match's own certificates keep in that slot.
    case privateKey
    /// `.mobileprovision`: DER CMS, which Apple writes with an indefinite length.
    case profile

    func accepts(_ data: Data) -> Bool {
        switch self {
        case .certificate: Self.isDER(data)
        case .privateKey: Self.isDER(data) || Self.isPEMKey(data)
        case .profile: Self.isDER(data) || data.starts(with: [0x30, 0x80])
        }
    }

    /// One DER SEQUENCE spanning exactly the data.
    static func isDER(_ data: Data) -> Bool {
        let bytes = Array(data)
        guard bytes.count >= 2, bytes[0] == 0x30 else { return false }
        let first = Int(bytes[1])
        if first < 0x80 { return 2 + first == bytes.count }
        let count = first & 0x7F
        guard (1...4).contains(count), bytes.count >= 2 + count else { return false }
        let length = bytes[2..<(2 + count)].reduce(0) { $0 << 8 | Int($1) }
        return 2 + count + length == bytes.count
    }

    static func isPEMKey(_ data: Data) -> Bool {
        guard let text = String(data: data, encoding: .utf8) else { return false }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasPrefix("-----BEGIN ") && trimmed.contains("PRIVATE KEY-----") && trimmed.hasSuffix("-----")
    }
}
