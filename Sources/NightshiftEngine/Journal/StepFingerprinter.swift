import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftSystem

/// Computes a step's inputs (`StepInputs`) in the environment it runs with: the step as written
/// after interpolation, the configuration in force, the variables it reads and the products of
/// earlier steps it consumes. Values only ever leave here as keyed digests (`JournalKey`:
/// HMAC-SHA256 with the workspace's key), except the configuration's settings, which are kept
/// masked to name what changed.
struct StepFingerprinter {
    let file: LanesFile
    let masker: SecretMasker
    let repository: RepositoryState?
    let key: JournalKey

    /// A run's log folder differs between a run and its resumption; where logs go is not an
    /// input of what a step makes.
    static let ignoredVariables: Set<String> = [NightshiftVariable.logDirectory.name]

    func inputs(
        of step: Step, configuration: Configuration?, environment: EnvironmentVariables, consumes: [String: String]
    ) -> StepInputs {
        let resolve = { (template: Template) in template.expand(in: environment) }
        var configurationDigests: [String: String] = [:]
        var settings: [String: String] = [:]
        var templates = stepTemplates(step)
        for (name, template) in configurationTemplates(configuration, for: step.kind)
        where !(step.kind.keyword == .archive && Self.exportOnly(name)) {
            let value = resolve(template)
            configurationDigests[name] = key.digest(value)
            // Only the configuration's own settings are named in messages; codesigning's hold
            // passwords, and the masker cannot know a password it was never told is one.
            if !name.hasPrefix("codesigning.") { settings[name] = masker.mask(value) }
            templates.append(template)
        }
        if step.kind.needsSigning, let profiles = signingProfilesDigest(environment) {
            configurationDigests["codesigning.profiles"] = profiles
        }
        var names = Set(templates.flatMap { $0.references.flatMap(\.candidates) })
        if case .sh(let script) = step.kind {
            names.formUnion(script.neededReferences.map(\.name))
            names.formUnion(Self.dollarNames(in: script.raw))
        }
        names.formUnion(step.options.environment.keys)
        var variables: [String: String] = [:]
        for name in names.subtracting(Self.ignoredVariables) {
            variables[name] = environment[name].map(key.digest) ?? "unset"
        }
        return StepInputs(
            step: key.digest(written(step, resolve: resolve)), configuration: configurationDigests, settings: settings,
            variables: variables, consumes: consumes, commit: repository?.commit, dirty: repository?.dirty, digests: JournalKey.scheme)
    }

    /// The provisioning profiles in the signing folder, each file's name and content: a signing
    /// step's bundles take theirs from there (`BundleProfileMatcher`), so a renewed or added
    /// profile is a changed input, and a resumed run signs again rather than reuse an archive
    /// signed with the old one. Nil when the folder is not there to read, or is the run's own
    /// (`from: appstoreconnect`, filled by `signing: sync`, which runs again on every attempt).
    private func signingProfilesDigest(_ environment: EnvironmentVariables) -> String? {
        guard let codesigning = file.codesigning, codesigning.from != .appStoreConnect else { return nil }
        let folder = codesigning.path.expand(in: environment)
        guard !folder.isEmpty, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        let lines = names.sorted().filter { $0.hasSuffix(".mobileprovision") || $0.hasSuffix(".provisionprofile") }.map { name in
            "\(name) \(ContentDigest.file("\(folder)/\(name)")?.sha256 ?? "unreadable")"
        }
        return key.digest(lines.joined(separator: "\n"))
    }

    /// Settings that only the export reads: changing them re-signs the export, not the archive.
    static func exportOnly(_ key: String) -> Bool {
        key == "export_method" || key.hasPrefix("export_options.")
    }

    /// The step's text after interpolation, one line per part, in a fixed order.
    private func written(_ step: Step, resolve: (Template) -> String) -> String {
        var lines = ["kind \(step.kind.keyword)", "name \(step.displayName)"]
        switch step.kind {
        case .sh(let script): lines.append("sh \(script.raw)")
        case .lane(let name): lines.append("lane \(name)")
        case .upload(let target):
            lines.append("to \(target.destinationName)")
            for key in target.parameters.keys.sorted() {
                lines.append("\(key) \((target.parameters[key]?.templates ?? []).map(resolve).joined(separator: "\u{1F}"))")
            }
        case .test(let settings):
            lines += settings.keyedTemplates.map { "\($0.0) \(resolve($0.1))" } + settings.writtenLines
        case .archive(let settings):
            if let source = settings.buildNumber { lines.append("build_number \(source.source)") }
            lines += settings.keyedTemplates.map { "\($0.0) \(resolve($0.1))" }
        case .packageInto(let container): lines.append("\(container.format.rawValue) \(resolve(container.path))")
        case .notarize(let settings):
            // The key's templates are read like any other: their variables are keyed digests.
            lines += settings.keyedTemplates.map { "\($0.0) \(resolve($0.1))" }
            lines += ["method \(settings.method.rawValue)", "wait_timeout \(settings.waitTimeout)", "poll \(settings.poll)"]
        case .release(let settings): lines += settings.keyedTemplates.map { "\($0.0) \(resolve($0.1))" } + settings.writtenLines
        case .package, .importCertificate, .installProfile, .export, .signingSync: break
        }
        let options = step.options
        for key in options.environment.keys.sorted() { lines.append("env \(key) \(options.environment[key].map(resolve) ?? "")") }
        if let outputs = options.outputs { lines.append("outputs \(outputs.map(resolve).joined(separator: "\u{1F}"))") }
        if let condition = options.condition { lines.append("if \(condition)") }
        lines.append("continue_on_error \(options.continueOnError)")
        return lines.joined(separator: "\n")
    }

    private func stepTemplates(_ step: Step) -> [Template] {
        var templates = Array(step.options.environment.values) + (step.options.outputs ?? [])
        if case .upload(let target) = step.kind { templates += target.parameters.values.flatMap(\.templates) }
        if case .test(let settings) = step.kind { templates += settings.keyedTemplates.map(\.1) }
        if case .archive(let settings) = step.kind { templates += settings.keyedTemplates.map(\.1) }
        if let container = step.kind.packagedProduct { templates.append(container) }
        if case .notarize(let settings) = step.kind { templates += settings.keyedTemplates.map(\.1) }
        if case .release(let settings) = step.kind { templates += settings.keyedTemplates.map(\.1) }
        return templates
    }

    /// The settings a step's work depends on: the configuration's (its variables reach every
    /// step as `NIGHTSHIFT_*`) and the project's; codesigning's only for signing steps, and its
    /// passwords only for the steps that use them (importing the certificate). A step that
    /// cannot read a password keeps no trace of it, keyed or not: an `sh:` step that wants one
    /// reads its variable, which is then among its variables.
    private func configurationTemplates(_ configuration: Configuration?, for kind: StepKind) -> [(String, Template)] {
        var pairs = configuration?.keyedTemplates ?? []
        if let configuration { pairs.append(("name", Template(configuration.name))) }
        if kind.needsSigning {
            let readsPasswords = kind == .importCertificate || kind.keyword == .package
            pairs += (file.codesigning?.keyedTemplates ?? []).filter { readsPasswords || !$0.0.hasSuffix("password") }
                .map { ("codesigning.\($0.0)", $0.1) }
        }
        pairs += (file.project?.keyedTemplates ?? []).map { ("project.\($0.0)", $0.1) }
        return pairs
    }

    /// Every `$NAME` and `${NAME…}` in a script, set by the script or not: the scanner keeps
    /// only braced references it must place, and a plain `$TOKEN` is read all the same. A name
    /// too many only makes a resumed run more careful.
    static func dollarNames(in script: String) -> Set<String> {
        var names: Set<String> = []
        let characters = Array(script.utf8)
        var index = 0
        func isStart(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        func isPart(_ byte: UInt8) -> Bool { isStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) }
        while index < characters.count {
            guard characters[index] == UInt8(ascii: "$") else {
                index += 1
                continue
            }
            var start = index + 1
            if start < characters.count, characters[start] == UInt8(ascii: "{") { start += 1 }
            var end = start
            if end < characters.count, isStart(characters[end]) {
                while end < characters.count, isPart(characters[end]) { end += 1 }
                names.insert(String(decoding: characters[start..<end], as: UTF8.self))
            }
            index = max(end, index + 1)
        }
        return names
    }
}
