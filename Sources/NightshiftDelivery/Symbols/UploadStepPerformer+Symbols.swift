import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSchema
import NightshiftSystem

/// `upload: { to: crashlytics | sentry | bugsnag }`: the archive's dSYMs (or `dsyms:`), first
/// checked against every binary of the archived app by UUID, then handed to the destination's
/// uploader with the step's shell. A dry run says all of it and runs nothing.
extension UploadStepPerformer {
    /// Keys whose values are paths, read against the run's folder before the uploader sees them.
    static let symbolPathKeys = ["dsyms", "upload_symbols", "google_service_plist"]

    func performSymbols(
        _ destination: UploadDestination, parameters written: [String: UploadParameter], in context: StepContext
    ) async throws -> Termination {
        let parameters = Self.absolutePaths(written, in: context)
        let source: SymbolSource
        do throws(UploadError) {
            source = try SymbolSource(UploadSettings(parameters), for: destination)
        } catch {
            throw StepFailure(error.description, reason: error.reason)
        }
        let archive = archivePath(in: context)
        guard let folder = source.folder ?? archive.map({ "\($0)/dSYMs" }) else {
            throw StepFailure(
                "upload to \(destination) takes the archive's dSYMs: set 'project:' and archive first, or set 'dsyms:'",
                reason: .nothingToUpload)
        }
        let app = archive.flatMap(Self.archivedApp)
        let symbols = SymbolUploadContext(
            shell: context.shell, app: app, toolCandidates: toolCandidates(in: context),
            alreadySent: SentFilesNote.sent(in: context.journalNotes.earlier),
            recordSent: { sent in await context.journalNotes.record(SentFilesNote.values(sent)) })
        if context.isDryRun {
            try await describeSymbols(destination, folder: folder, archive: archive, settings: UploadSettings(parameters), in: context)
            return .exited(0)
        }
        let dsyms = SymbolCoverage.bundles(in: folder)
        guard !dsyms.isEmpty else {
            throw StepFailure(
                "upload to \(destination): no .dSYM in \(folder) (a Release build makes them with DEBUG_INFORMATION_FORMAT = "
                    + "dwarf-with-dsym)", reason: .nothingToUpload)
        }
        await context.details.set("dsyms", "\(dsyms.count)")
        try await checkCoverage(app: app, dsyms: dsyms, requireAll: source.requireAll, destination: destination, in: context)
        guard let uploader = registry.uploader(for: destination) else {
            throw StepFailure("no uploader for \(destination)", reason: .invalidSetting)
        }
        context.secrets.learn(destination.secretValues(in: UploadSettings(parameters)))
        let receipt = try await upload(
            try context.path(folder, what: "upload.dsyms"), with: uploader, parameters: parameters, in: context, symbols: symbols)
        await context.log("uploaded \(dsyms.count) dSYM\(dsyms.count == 1 ? "" : "s") from \(folder) to \(receipt.location)")
        for (name, value) in receipt.details { await context.details.set(name, value) }
        return .exited(0)
    }

    /// Every binary of the archived app against the dSYMs: those without one are named, as a
    /// warning, or as the step's failure under `require_all: true`.
    private func checkCoverage(
        app: String?, dsyms: [String], requireAll: Bool, destination: UploadDestination, in context: StepContext
    ) async throws {
        guard let app else {
            await context.log("no archived app to compare the dSYMs with: every dSYM is sent unchecked")
            return
        }
        let coverage: SymbolCoverage
        do {
            coverage = try await SymbolCoverage.check(app: app, dsyms: dsyms, shell: context.shell, destination: destination)
        } catch let error as UploadError {
            // dwarfdump's words about the archive's files: no setting in them, masked by the engine all the same.
            throw StepFailure(error.description, reason: error.reason)
        }
        let appName = app.split(separator: "/").last.map(String.init) ?? app
        guard let problem = coverage.problem else {
            await context.log(
                "compared \(coverage.binaries.count) binaries of \(appName) with \(dsyms.count) dSYMs by UUID (xcrun dwarfdump --uuid): "
                    + "each has its dSYM")
            return
        }
        await context.details.set("binaries_without_dsym", coverage.uncovered.map(\.binary.name).joined(separator: ", "))
        if requireAll {
            throw StepFailure("upload to \(destination): \(problem) (require_all: true)", reason: .missingBuildProduct)
        }
        await context.log(
            Diagnostic.warning("upload to \(destination): \(problem)", at: context.step.location).description, to: .standardError)
    }

    /// The archive this run's `archive`/`package` step makes, when the lanes file has a project.
    private func archivePath(in context: StepContext) -> String? {
        guard let project = context.lanesFile.project else { return nil }
        return BuildPaths(output: context.folders.output, productName: context.resolve(project.name)).archive.string
    }

    /// `Products/Applications/<App>.app`: the one application an app archive holds.
    static func archivedApp(in archive: String) -> String? {
        let folder = "\(archive)/Products/Applications"
        let apps = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".app") }.sorted()
        return apps.first.map { "\(folder)/\($0)" }
    }

    /// Where Crashlytics' `upload-symbols` is when nobody says: the package checkouts of the
    /// archive's derived data, then CocoaPods' folder beside the project.
    private func toolCandidates(in context: StepContext) -> [String] {
        var candidates: [String] = []
        if let project = context.lanesFile.project {
            let paths = BuildPaths(output: context.folders.output, productName: context.resolve(project.name))
            candidates.append(context.absolute("\(paths.derivedData)/SourcePackages/checkouts/firebase-ios-sdk/Crashlytics/upload-symbols"))
        }
        // Pods/ sits beside the workspace CocoaPods made.
        let container = context.lanesFile.project.flatMap { $0.workspace ?? $0.xcodeProject }.map(context.resolve)
        let folder = container.flatMap { try? AbsolutePath(validating: context.absolute($0)).parent.string } ?? context.directory
        candidates.append(context.absolute("\(folder)/Pods/FirebaseCrashlytics/upload-symbols"))
        return candidates
    }

    private static func absolutePaths(_ parameters: [String: UploadParameter], in context: StepContext) -> [String: UploadParameter] {
        var parameters = parameters
        for key in symbolPathKeys {
            guard case .scalar(let value)? = parameters[key], !value.raw.isEmpty else { continue }
            parameters[key] = .scalar(Template(context.absolute(value.raw), at: value.location))
        }
        return parameters
    }
}
