public import Foundation
internal import Crypto

/// A code-signing certificate as nightshift compares it: the .p12's and those a profile lists.
public struct SigningCertificate: Sendable, Hashable {
    /// Upper-case hex SHA-1 of the DER, as `security find-identity` prints it.
    public var sha1: String
    public var commonName: String?
    public var expiresAt: Date

    public init(sha1: String, commonName: String?, expiresAt: Date) {
        self.sha1 = sha1
        self.commonName = commonName
        self.expiresAt = expiresAt
    }

    public struct Unreadable: Error, Sendable, Hashable {}

    /// Reads a DER X.509 certificate.
    public init(der: [UInt8]) throws(Unreadable) {
        do {
            var reader = DERReader(der[...])
            let tbs = try Self.child(0, of: reader.next())
            var fields = try tbs.children()
            // The version is an explicit [0] field, present on every v3 certificate.
            if fields.first?.tag == 0xA0 { fields.removeFirst() }
            guard fields.count >= 5 else { throw Unreadable() }
            let validity = try fields[3].children()
            guard validity.count == 2, let notAfter = Self.date(validity[1]) else { throw Unreadable() }
            self.init(sha1: Self.fingerprint(der), commonName: try Self.commonName(in: fields[4]), expiresAt: notAfter)
        } catch {
            throw Unreadable()
        }
    }

    /// The certificates of a PEM text (`-----BEGIN CERTIFICATE-----` blocks).
    public static func certificates(inPEM text: String) throws(Unreadable) -> [SigningCertificate] {
        var certificates: [SigningCertificate] = []
        var body: String?
        for line in text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line == "-----BEGIN CERTIFICATE-----" { body = ""; continue }
            if line == "-----END CERTIFICATE-----", let base64 = body {
                guard let data = Data(base64Encoded: base64) else { throw Unreadable() }
                certificates.append(try SigningCertificate(der: Array(data)))
                body = nil
                continue
            }
            body? += line
        }
        return certificates
    }

    static func fingerprint(_ der: [UInt8]) -> String {
        Insecure.SHA1.hash(data: der).map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    private static func child(_ index: Int, of element: DERElement) throws -> DERElement {
        let children = try element.children()
        guard children.indices.contains(index) else { throw Unreadable() }
        return children[index]
    }

    private static let commonNameOID: [UInt8] = [0x55, 0x04, 0x03]

    private static func commonName(in subject: DERElement) throws -> String? {
        for relativeName in try subject.children() {
            for attribute in try relativeName.children() {
                let parts = try attribute.children()
                if parts.count == 2, parts[0].tag == DERElement.objectIdentifier, Array(parts[0].contents) == commonNameOID {
                    return String(decoding: parts[1].contents, as: UTF8.self)
                }
            }
        }
        return nil
    }

    private static func date(_ element: DERElement) -> Date? {
        let text = String(decoding: element.contents, as: UTF8.self)
        switch element.tag {
        case DERElement.utcTime:
            // Two-digit years: 50–99 are 19xx, 00–49 are 20xx (RFC 5280 §4.1.2.5.1).
            guard let year = Int(text.prefix(2)) else { return nil }
            return parse((year >= 50 ? "19" : "20") + text)
        case DERElement.generalizedTime: return parse(text)
        default: return nil
        }
    }

    private static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss'Z'"
        return formatter.date(from: text)
    }
}
