import Foundation
public import NightshiftCore
public import NightshiftSystem

/// `nightshift signing import-match DIR`: a fastlane match repository, decrypted with
/// `MATCH_PASSWORD`, written as the flat folder `codesigning.path` reads: each certificate as
/// `<type>-<id>.p12` (a configuration's `certificate:` names it without the extension), each
/// profile as `<Type>_<bundle id>.mobileprovision` (its `provisioning_profile:`).
///
/// A `.p12` that is a PKCS#12 is copied as match stored it, with its own password. The PEM key
/// match's own certificates keep in that slot is joined with the `.cer` beside it into one
/// PKCS#12 by `openssl pkcs12 -export` (swift-certificates writes no PKCS#12), protected by
/// `MATCH_PASSWORD`, handed to openssl through its environment. 3DES and a SHA-1 MAC, which both
/// LibreSSL (macOS's openssl) and OpenSSL 3 write and every `security import` reads.
///
/// Everything is decrypted and checked before the first file is written, and nothing existing
/// is replaced: a wrong password or a damaged file leaves the output folder as it was.
public struct MatchImport: Sendable {
    public var shell: any ShellRunner
    public var openssl: String

    public init(shell: any ShellRunner, opensslPath: String = "openssl") {
        self.shell = shell
        self.openssl = opensslPath
    }

    /// What was written, for the command's report.
    public struct Report: Sendable, Hashable {
        public struct Written: Sendable, Hashable {
            public var name: String
            /// The repository's file (or files) it came from.
            public var source: String
        }

        public var written: [Written]
        /// The .p12 files made here, protected by MATCH_PASSWORD; the others keep match's.
        public var combined: [String]
    }

    /// A file decrypted and where it goes.
    private struct Planned {
        var name: String
        var source: String
        var data: Data
        /// The certificate's DER, when `data` is a PEM key to combine with it.
        var certificate: Data?
    }

    public func run(repository: String, output: String, password: Secret) async throws -> Report {
        guard !password.value.isEmpty else { throw MatchImportError.noPassword }
        let repo = MatchRepository(root: repository)
        let entries = try repo.entries()
        let planned = try plan(entries, repo: repo, password: password.value)
        guard !planned.isEmpty else { throw MatchImportError.nothingToImport(repository) }
        let manager = FileManager.default
        for item in planned where FileKind.of("\(output)/\(item.name)") != .absent {
            throw MatchImportError.exists("\(output)/\(item.name)")
        }
        let created = FileKind.of(output) == .absent
        try manager.createDirectory(atPath: output, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var report = Report(written: [], combined: [])
        do {
            try await write(planned, into: output, password: password, report: &report)
        } catch {
            // All or nothing: what this import wrote goes again.
            for written in report.written { try? manager.removeItem(atPath: "\(output)/\(written.name)") }
            if created { try? manager.removeItem(atPath: output) }
            throw error
        }
        return report
    }

    private func write(_ planned: [Planned], into output: String, password: Secret, report: inout Report) async throws {
        let manager = FileManager.default
        for item in planned {
            let target = "\(output)/\(item.name)"
            if let certificate = item.certificate {
                try await combine(key: item.data, certificate: certificate, into: target, output: output, password: password)
                report.combined.append(item.name)
            } else {
                guard manager.createFile(atPath: target, contents: item.data, attributes: [.posixPermissions: 0o600]) else {
                    throw MatchImportError.unreadable(target)
                }
            }
            report.written.append(Report.Written(name: item.name, source: item.source))
        }
    }

    private func plan(_ entries: [MatchRepository.Entry], repo: MatchRepository, password: String) throws -> [Planned] {
        func decrypted(_ entry: MatchRepository.Entry, _ kind: MatchContent) throws -> Data {
            do {
                return try MatchDecryption.decrypt(try repo.read(entry), password: password, kind: kind)
            } catch {
                throw MatchImportFailure(file: entry.relativePath, problem: error)
            }
        }
        var planned: [Planned] = []
        for entry in entries where entry.fileExtension == "p12" {
            let key = try decrypted(entry, .privateKey)
            var item = Planned(name: "\(entry.type)-\(entry.name).p12", source: entry.relativePath, data: key)
            if MatchContent.isPEMKey(key) {
                guard
                    let cer = entries.first(where: {
                        $0.section == entry.section && $0.type == entry.type && $0.name == entry.name && $0.fileExtension == "cer"
                    })
                else { throw MatchImportFailure(file: entry.relativePath, problem: .missingCertificate(key: entry.relativePath)) }
                item.certificate = try decrypted(cer, .certificate)
                item.source += " + \(cer.relativePath)"
            }
            planned.append(item)
        }
        for entry in entries where entry.fileExtension == "mobileprovision" {
            planned.append(Planned(name: "\(entry.name).mobileprovision", source: entry.relativePath, data: try decrypted(entry, .profile)))
        }
        let names = planned.map(\.name)
        if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw MatchImportError.exists(twice)
        }
        return planned
    }

    /// `openssl pkcs12 -export` of the key and the certificate. The decrypted key goes to openssl
    /// on its standard input (`-inkey /dev/stdin`) and never touches the disk (issue #38 §11: a
    /// key written into a scratch folder was left there by a SIGTERM, which no `defer` outlives).
    /// The certificate, which is public, is a file in a private folder beside the output,
    /// removed after: OpenSSL 3 reads its `-in` twice, so standard input cannot carry both.
    private func combine(key: Data, certificate: Data, into target: String, output: String, password: Secret) async throws {
        let manager = FileManager.default
        let scratch = "\(output)/.nightshift-import-\(UUID().uuidString)"
        try manager.createDirectory(atPath: scratch, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? manager.removeItem(atPath: scratch) }
        let certificatePath = "\(scratch)/certificate.pem"
        guard
            manager.createFile(
                atPath: certificatePath, contents: Data(Self.pem(certificate: certificate).utf8), attributes: [.posixPermissions: 0o600])
        else { throw MatchImportError.unreadable(scratch) }
        var command = ShellCommand(
            openssl,
            [
                "pkcs12", "-export", "-inkey", "/dev/stdin", "-in", certificatePath, "-out", target,
                "-passout", "env:\(NightshiftVariable.p12Password.name)",
                "-keypbe", "PBE-SHA1-3DES", "-certpbe", "PBE-SHA1-3DES", "-macalg", "sha1",
            ],
            standardInput: Array(key))
        command.environment[NightshiftVariable.p12Password.name] = password.value
        let result = try await shell.capture(command)
        guard result.succeeded, FileKind.of(target) == .regular else {
            try? manager.removeItem(atPath: target)
            throw MatchImportError.pkcs12(result.failureDetail)
        }
    }

    /// A DER certificate as PEM, which `openssl pkcs12 -in` reads.
    static func pem(certificate: Data) -> String {
        let base64 = certificate.base64EncodedString()
        var lines: [Substring] = []
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(rest.prefix(64))
            rest = rest.dropFirst(64)
        }
        return "-----BEGIN CERTIFICATE-----\n" + lines.joined(separator: "\n") + "\n-----END CERTIFICATE-----\n"
    }
}

/// A match file that cannot be imported, by its path in the repository.
public struct MatchImportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var problem: MatchImportError

    public var description: String { "\(file): \(problem)" }
}
