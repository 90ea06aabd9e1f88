import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// What `--dry-run` prints for `notarize:`: the file, its SHA-256 when it is already there, and
/// every request or command a real run would make, in order. Nothing is sent and no key is read.
enum NotarizeDryRun {
    static func lines(file path: AbsolutePath, settings: NotarizeSettings, origin: String, in context: StepContext) -> [String] {
        let (name, file) = (path.lastComponent, path.string)
        let sha =
            (FileKind.of(file, followingLinks: true) == .regular ? try? FileDigest.of(file: file) : nil)
            .map { "sha256 \($0.sha256)" } ?? "its SHA-256 once it is made"
        let keyID = context.resolve(settings.keyID)
        let timing = "every \(DurationFormatting.exact(settings.poll)), at most \(DurationFormatting.exact(settings.waitTimeout))"
        var lines = ["would notarize \(file) (\(sha)) with key \(keyID)"]
        switch settings.method {
        case .api:
            lines += [
                "  POST \(origin)/notary/v2/submissions (submissionName \(name), sha256) with an ES256 token",
                "  upload \(name) to the S3 bucket and object Apple returns, with its temporary credentials",
                "  GET /notary/v2/submissions/<id> \(timing), until Accepted, Invalid or Rejected",
                "  GET /notary/v2/submissions/<id>/logs, then the developer log it names",
            ]
        case .notarytool:
            lines += [
                "  xcrun notarytool submit \(file) --key AuthKey_\(keyID).p8 --key-id \(keyID) --issuer <issuer id> --output-format json",
                "  xcrun notarytool info <id> … --output-format json \(timing)",
                "  xcrun notarytool log <id> …",
            ]
        }
        let checks = NotarizedFileCheck.commands(for: path)
        if checks.isEmpty {
            lines.append("  then no staple: Apple cannot staple a ticket to a .zip")
        } else {
            lines += checks.map { "  then " + CommandLineRendering.render($0) + " (macOS)" }
        }
        return lines
    }
}
