internal import Crypto
public import Foundation
import NightshiftEngine
internal import SwiftASN1

/// A code-signing certificate as nightshift compares it: the .p12's and those a profile lists.
public struct SigningCertificate: Sendable, Hashable {
    /// Upper-case hex SHA-1 of the DER, as `security find-identity` prints it.
    public var sha1: String
    public var commonName: String?
    public var expiresAt: Date
    /// Who issued it and, for an Apple intermediate, its generation: the issuer's common name
    /// and organizational unit ("G3"), and the subject's unit (`CertificateAuthorities`).
    public var issuer: CertificateName?
    public var subjectUnit: String?

    public init(sha1: String, commonName: String?, expiresAt: Date, issuer: CertificateName? = nil, subjectUnit: String? = nil) {
        self.sha1 = sha1
        self.commonName = commonName
        self.expiresAt = expiresAt
        self.issuer = issuer
        self.subjectUnit = subjectUnit
    }

    public struct Unreadable: Error, Sendable, Hashable {}

    /// Reads a DER X.509 certificate (RFC 5280 §4.1): only what nightshift compares, with
    /// swift-asn1 doing the DER.
    public init(der: [UInt8]) throws(Unreadable) {
        do {
            let certificate = try DER.parse(der)
            guard let tbs = Self.children(of: certificate).first else { throw Unreadable() }
            var fields = Self.children(of: tbs)
            // The version is an explicit [0] field, present on every v3 certificate.
            if fields.first?.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) { fields.removeFirst() }
            // serialNumber, signature, issuer, validity, subject.
            guard fields.count >= 5 else { throw Unreadable() }
            let validity = Self.children(of: fields[3])
            guard validity.count == 2, let notAfter = try Self.date(validity[1]) else { throw Unreadable() }
            self.init(
                sha1: Self.fingerprint(der), commonName: Self.commonName(in: fields[4]), expiresAt: notAfter,
                issuer: CertificateName(commonName: Self.commonName(in: fields[2]), unit: Self.attribute(Self.unitType, in: fields[2])),
                subjectUnit: Self.attribute(Self.unitType, in: fields[4]))
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

    private static func children(of node: ASN1Node) -> [ASN1Node] {
        guard case .constructed(let children) = node.content else { return [] }
        return Array(children)
    }

    /// id-at-commonName (X.520, 2.5.4.3).
    private static let commonNameType: ASN1ObjectIdentifier = [2, 5, 4, 3]

    /// id-at-organizationalUnitName (X.520, 2.5.4.11).
    private static let unitType: ASN1ObjectIdentifier = [2, 5, 4, 11]

    /// The first common name of a subject: Name ::= SEQUENCE OF SET OF AttributeTypeAndValue.
    private static func commonName(in subject: ASN1Node) -> String? {
        attribute(commonNameType, in: subject)
    }

    private static func attribute(_ type: ASN1ObjectIdentifier, in name: ASN1Node) -> String? {
        for relativeName in children(of: name) {
            for attribute in children(of: relativeName) {
                let parts = children(of: attribute)
                if parts.count == 2, (try? ASN1ObjectIdentifier(derEncoded: parts[0])) == type {
                    return DirectoryString.text(of: parts[1])
                }
            }
        }
        return nil
    }

    private static func date(_ node: ASN1Node) throws -> Date? {
        switch node.identifier {
        case .utcTime:
            let time = try UTCTime(derEncoded: node)
            return date(time.year, time.month, time.day, time.hours, time.minutes, time.seconds)
        case .generalizedTime:
            let time = try GeneralizedTime(derEncoded: node)
            return date(time.year, time.month, time.day, time.hours, time.minutes, time.seconds)
        default:
            return nil
        }
    }

    private static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }
}

/// A certificate's issuer as an intermediate is told apart: Apple names its generations of one
/// authority alike and tells them by the unit ("G3", "G2").
public struct CertificateName: Sendable, Hashable {
    public var commonName: String?
    public var unit: String?

    public init(commonName: String?, unit: String?) {
        self.commonName = commonName
        self.unit = unit
    }
}
