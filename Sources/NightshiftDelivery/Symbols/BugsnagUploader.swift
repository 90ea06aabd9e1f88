import Foundation
import NightshiftSystem
import NightshiftCore
public import NightshiftSchema
import NightshiftServices

/// `upload: { to: bugsnag }`: `POST <endpoint>/dsym`, `multipart/form-data` with `apiKey` and
/// `dsym`, once per DWARF file of the dSYMs (docs.bugsnag.com/api/dsym-upload, which takes either
/// one DWARF file or a zip; one file each, as BugSnag's own bugsnag-dsym-upload does, needs no
/// zip tool and keeps each request small). Each body is streamed from a temporary file that only
/// the owner can read (it holds the key) and is retried as every HTTP upload is. What was sent is
/// written to the run journal file by file, so `--resume` after a failure sends only the rest.
/// Built by `UploaderRegistry.live` only, with the registry's client and temporary folder.
public struct BugsnagUploader: DestinationUploader {
    let client: @Sendable (UploadRetryPolicy) -> RetryingHTTPClient
    /// Where the multipart bodies are written while they are sent.
    let temporaryDirectory: String

    public func upload(
        _ request: UploadRequest, settings: BugsnagSettings, progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws -> UploadReceipt {
        let symbols = try request.symbolContext(for: .bugsnag)
        request.secrets.learn([settings.apiKey])
        let files = DSYMFiles.dwarfFiles(in: request.file.string)
        guard !files.isEmpty else {
            throw UploadError(.bugsnag, "no DWARF files in the dSYMs of \(request.file)", reason: .nothingToUpload)
        }
        var sent = symbols.alreadySent
        var uploaded = 0
        for file in files {
            let digest = try FileDigest.of(file: file)
            if sent.contains(Self.identity(of: digest)) {
                await request.log("\(Self.name(of: file)) was sent by an earlier attempt of this run: not sent again")
                continue
            }
            try await send(file, settings: settings, request: request, progress: progress)
            sent.insert(Self.identity(of: digest))
            await symbols.recordSent(sent)
            uploaded += 1
            await request.log("sent \(Self.name(of: file)) (\(digest.size) bytes)")
        }
        return UploadReceipt(
            location: settings.uploadURL.printable, details: ["dsym_files_sent": "\(uploaded)", "dsym_files": "\(files.count)"])
    }

    private func send(
        _ file: String, settings: BugsnagSettings, request: UploadRequest, progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws {
        let form = try MultipartFormFile.write(
            file: file, fieldName: "dsym", fields: [("apiKey", settings.apiKey)], in: temporaryDirectory, destination: .bugsnag)
        defer { try? FileManager.default.removeItem(atPath: form.path) }
        let httpRequest = HTTPTransportRequest(
            method: "POST", url: settings.uploadURL, headers: ["Content-Type": form.contentType], body: .file(form.path))
        _ = try await client(settings.retry).sendExpectingSuccess(
            httpRequest, destination: .bugsnag, secrets: request.secrets, log: request.log,
            progress: { sent, total in progress(UploadProgress(bytesSent: sent, totalBytes: total)) })
    }

    /// What the journal keeps of a file sent: the first 16 hex digits of its SHA-256, enough to
    /// tell a run's files apart, short enough for a note (4096 characters) to hold 240 of them.
    static func identity(of digest: FileDigest) -> String {
        String(digest.sha256.prefix(16))
    }

    /// `App.app.dSYM/…/DWARF/App` → `App.app.dSYM`.
    static func name(of dwarfFile: String) -> String {
        let components = dwarfFile.split(separator: "/")
        return components.last { $0.hasSuffix(".dSYM") }.map(String.init) ?? dwarfFile
    }
}
