import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftSystem

/// What a dry run prints for an upload: the method, where, and the file, with credentials
/// replaced by `********`. Nothing touches the network or the disk.
enum UploadDryRunDescription {
    /// The command a destination runs through the shell (testflight's altool), built by the same
    /// code as in a real run, for the dry run's recording shell to print (the ids are no secret).
    static func command(destination: UploadDestination, file: String, settings: UploadSettings) -> ShellCommand? {
        guard destination == .testflight, settings.string("method")?.lowercased() == "altool" else { return nil }
        let invocation = AltoolInvocation(
            file: file, keyID: settings.string("key_id") ?? "", issuerID: settings.string("issuer_id") ?? "",
            platform: settings.string("platform") ?? "ios",
            appleID: settings.string("app_id"))
        return invocation.command(privateKeysDirectory: "<temporary>/private_keys")
    }

    /// `bundle`: what the .ipa says of itself, when a dry run could read it.
    static func lines(
        destination: UploadDestination, file: String, settings: UploadSettings, bundle: Result<IPABundleInfo, UploadError>? = nil
    ) -> [String] {
        let masked = Secret.mask
        switch destination {
        case .testflight:
            return settings.string("method")?.lowercased() == "altool"
                ? [] : AppStoreConnectDryRun.lines(file: file, settings: settings, bundle: bundle)
        case .firebase:
            return firebase(file: file, settings: settings)
        case .http:
            let method = (settings.string("method") ?? "PUT").uppercased()
            let url = settings.string("url").flatMap { URL(string: $0)?.printable } ?? "<no url>"
            let headers = settings.map("headers").keys.sorted().map { name in
                "\(name): \(SensitiveHeaders.isSensitive(header: name) ? masked : settings.map("headers")[name] ?? "")"
            }
            let form = method == "POST" ? " as multipart/form-data" : ""
            return ["would \(method) \(file)\(form) to \(url)"] + (headers.isEmpty ? [] : ["  headers: \(headers.joined(separator: ", "))"])
        case .folder:
            // The upload step has read path: against the run's folder. Validated, not appended: a
            // dry run's file: is not checked, and may hold a NUL.
            let name = file.split(separator: "/").last.map(String.init) ?? file
            guard let directory = settings.string("path").flatMap({ try? AbsolutePath(validating: $0) }),
                let target = try? AbsolutePath(validating: name, relativeTo: directory)
            else { return ["would copy \(file) to <no path>"] }
            return ["would copy \(file) to \(target) (temporary name, then rename)"]
        // Described with the archive's UUID check (`describeSymbols`).
        case .crashlytics, .sentry, .bugsnag:
            return []
        }
    }

    private static func firebase(file: String, settings: UploadSettings) -> [String] {
        let endpoint = settings.string("endpoint") ?? FirebaseUploader.defaultEndpoint
        let app = settings.string("app") ?? "<no app>"
        let resource = (try? FirebaseAppID(app))?.resourceName ?? "projects/?/apps/\(app)"
        var lines = ["would POST \(file) to \(endpoint)/upload/v1/\(resource)/releases:upload"]
        if settings.string("notes") != nil || settings.string("notes_file") != nil { lines.append("  then set the release notes") }
        let (groups, testers) = (settings.list("groups"), settings.list("testers"))
        if !groups.isEmpty || !testers.isEmpty {
            lines.append("  then distribute to \(FirebaseSession.audience(groups: groups, testers: testers))")
        }
        return lines
    }
}
