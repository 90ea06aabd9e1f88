import Foundation
import NightshiftCore
import _CryptoExtras
import SwiftASN1

/// A certificate's private key as `codesigning.private_keys` gives it: an RSA key in PEM
/// (PKCS#1 `RSA PRIVATE KEY` or PKCS#8 `PRIVATE KEY`), at least 2048 bits, as Apple's
/// certificates need. It makes the certificate signing request Apple signs, and recognises the
/// portal's certificates made from it by their public key.
struct SigningKey: Sendable {
    let name: String
    private let key: _RSA.Signing.PrivateKey

    init(name: String, pem: String) throws(SigningPortalError) {
        self.name = name
        do {
            key = try _RSA.Signing.PrivateKey(pemRepresentation: pem.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            throw SigningPortalError(
                "codesigning.private_keys.\(name) is not an RSA private key of at least 2048 bits in PEM form (make one with: openssl genrsa -out \(name).pem 2048)",
                reason: .invalidSetting)
        }
    }

    /// The DER SubjectPublicKeyInfo, as a certificate made from this key carries it.
    var publicKeyInfo: [UInt8] { Array(key.publicKey.derRepresentation) }

    /// Whether the DER certificate `der` was made from this key.
    func matches(certificateDER der: [UInt8]) -> Bool {
        Self.publicKeyInfo(ofCertificate: der) == publicKeyInfo
    }

    /// The PKCS#10 request (RFC 2986), base64 of its DER as Apple's `csrContent` takes it,
    /// signed with SHA-256 and PKCS#1 v1.5, its subject a common name.
    func certificateSigningRequest(commonName: String) throws -> String {
        var info = DER.Serializer()
        try info.appendConstructedNode(identifier: .sequence) { request in
            try request.serialize(0)  // version v1
            try Self.serializeName(commonName, into: &request)
            request.serializeRawBytes(publicKeyInfo)
            // attributes [0] IMPLICIT SET OF Attribute: none.
            request.appendConstructedNode(identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)) { _ in }
        }
        let signature = try key.signature(for: info.serializedBytes, padding: .insecurePKCS1v1_5)
        var csr = DER.Serializer()
        try csr.appendConstructedNode(identifier: .sequence) { request in
            request.serializeRawBytes(info.serializedBytes)
            try request.appendConstructedNode(identifier: .sequence) { algorithm in
                try algorithm.serialize(Self.sha256WithRSAEncryption)
                try algorithm.serialize(ASN1Null())
            }
            try request.serialize(ASN1BitString(bytes: ArraySlice(signature.rawRepresentation)))
        }
        return Data(csr.serializedBytes).base64EncodedString()
    }

    /// 1.2.840.113549.1.1.11 (RFC 8017).
    private static let sha256WithRSAEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 11]
    /// id-at-commonName (X.520).
    private static let commonNameType: ASN1ObjectIdentifier = [2, 5, 4, 3]

    /// Name ::= SEQUENCE OF SET OF AttributeTypeAndValue: one common name.
    private static func serializeName(_ commonName: String, into serializer: inout DER.Serializer) throws {
        try serializer.appendConstructedNode(identifier: .sequence) { name in
            try name.appendConstructedNode(identifier: .set) { relative in
                try relative.appendConstructedNode(identifier: .sequence) { attribute in
                    try attribute.serialize(commonNameType)
                    try attribute.serialize(ASN1UTF8String(commonName))
                }
            }
        }
    }

    /// The SubjectPublicKeyInfo of an X.509 certificate (RFC 5280 §4.1), as DER; nil when the
    /// bytes are not a certificate.
    static func publicKeyInfo(ofCertificate der: [UInt8]) -> [UInt8]? {
        guard let certificate = try? DER.parse(der), case .constructed(let parts) = certificate.content,
            let tbs = parts.first(where: { _ in true }), case .constructed(let fields) = tbs.content
        else { return nil }
        var remaining = Array(fields)
        // The version is an explicit [0] field, present on every v3 certificate.
        if remaining.first?.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) { remaining.removeFirst() }
        // serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo.
        guard remaining.count >= 6 else { return nil }
        return Array(remaining[5].encodedBytes)
    }
}
