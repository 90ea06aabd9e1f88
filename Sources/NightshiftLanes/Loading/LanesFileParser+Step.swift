import NightshiftCore
import NightshiftSchema
import Yams

extension LanesFileParser {
    static let stepOptionKeys = LanesKeys.stepOptions.names + LanesKeys.shOnlyOptions.names
    static let retryKeys = LanesKeys.retry.names
    /// Options that a `lane:` call cannot take for the called lane as a whole: retrying a lane
    /// would re-run steps that passed, and silence is watched per process.
    static let optionsPerCalledStep: Set<String> = ["retry", "no_output_timeout", "locks"]
    /// Kinds written as a bare word (`- package`): they take no argument.
    static func bareKind(_ word: String) -> StepKind? {
        switch StepKeyword(rawValue: word) {
        case .package: .package
        case .importCertificate: .importCertificate
        case .installProfile: .installProfile
        case .archive: .archive
        case .export: .export
        // `- test` reads as `test: {}`: the project's scheme with the defaults.
        case .test: .test(TestStepSettings(subject: .xcode(scheme: nil, testPlan: nil, destination: nil)))
        case .notarize: .notarize(NotarizeSettings())
        // `- release`: the latest build of its version, submitted with what it has.
        case .release: .release(ReleaseSettings())
        case .sh, .lane, .upload, .signing, nil: nil
        }
    }

    func parseStep(_ node: Node, context: String) -> Step? {
        let location = reader.location(of: node)
        if case .scalar(let scalar) = node {
            if var kind = Self.bareKind(scalar.string) {
                if case .test(var settings) = kind {
                    settings.location = location
                    kind = .test(settings)
                }
                if case .notarize = kind { kind = .notarize(NotarizeSettings(location: location)) }
                if case .release = kind { kind = .release(ReleaseSettings(location: location)) }
                return Step(kind, location: location)
            }
            bag.error(
                "unknown step kind '\(scalar.string)' in \(context)", at: location,
                notes: unknownKindNotes(scalar.string))
            return nil
        }
        let known = StepKeyword.names + Self.stepOptionKeys + LanesKeys.laneCallOptions.names
        guard let pairs = reader.mapping(node, in: "a step of \(context)", known: known) else { return nil }
        let kinds = pairs.filter { StepKeyword(rawValue: $0.key) != nil }
        guard let kindPair = kinds.first else {
            // `shh:` was reported as unknown with "did you mean 'sh'?": one typo, one error.
            if reader.suggestedKeys(in: node, known: known).isDisjoint(with: StepKeyword.names) {
                bag.error(
                    "step in \(context) names no step kind", at: location,
                    notes: ["a step is one of: \(StepKeyword.names.joined(separator: ", "))"])
            }
            return nil
        }
        for extra in kinds.dropFirst() {
            bag.error("step in \(context) has two kinds, '\(kindPair.key)' and '\(extra.key)'", at: reader.location(of: extra.keyNode))
        }
        guard let kind = parseKind(kindPair.key, kindPair.value, context: context) else { return nil }
        if case .lane(let callee) = kind {
            for pair in pairs where Self.optionsPerCalledStep.contains(pair.key) {
                bag.error(
                    "'\(pair.key)' has no meaning on a 'lane:' call", at: reader.location(of: pair.keyNode),
                    notes: ["it applies to one step at a time: set it on the steps of lane '\(callee)'"])
            }
        }
        var options = parseOptions(pairs.filter { Self.stepOptionKeys.contains($0.key) }, context: context)
        if let outputs = pairs.first(where: { $0.key == "outputs" }) {
            options.outputs = parseOutputs(outputs.value, keyNode: outputs.keyNode, of: kind)
        }
        if let pair = pairs.first(where: { $0.key == "options" }) {
            options.laneOptions = parseCallOptions(pair, kind: kind, context: context)
        }
        return Step(kind, options: options, location: location)
    }

    private func unknownKindNotes(_ word: String) -> [String] {
        let suggestion = Suggestion.note(for: word, among: StepKeyword.names)
        return suggestion.isEmpty ? ["a shell command goes under 'sh:', e.g. '- sh: \(word)'"] : suggestion
    }

    private func parseKind(_ word: String, _ value: Node, context: String) -> StepKind? {
        guard let keyword = StepKeyword(rawValue: word) else { return nil }
        switch keyword {
        case .sh:
            // Read as written, not as a template: the shell expands it, `${NAME%.*}` included.
            return reader.string(value, "sh").map { .sh(script($0, at: value)) }
        case .lane:
            return reader.string(value, "lane").map(StepKind.lane)
        case .upload:
            return parseUpload(value, context: context).map(StepKind.upload)
        case .test:
            return parseTest(value).map(StepKind.test)
        case .archive where !reader.isNull(value) && !Self.isEmptyMapping(value):
            return parseArchive(value).map(StepKind.archive)
        case .package where writesContainer(value):
            return parsePackageContainer(value)
        case .notarize:
            return parseNotarize(value).map(StepKind.notarize)
        case .signing:
            return parseSigning(value)
        case .release:
            return parseRelease(value).map(StepKind.release)
        case .package, .importCertificate, .installProfile, .archive, .export:
            let bare = Self.bareKind(word)
            if !reader.isNull(value) {
                if case .mapping(let mapping) = value, mapping.isEmpty { return bare }
                bag.error("'\(word)' takes no value", at: reader.location(of: value))
            }
            return bare
        }
    }

    private static func isEmptyMapping(_ node: Node) -> Bool {
        if case .mapping(let mapping) = node { mapping.isEmpty } else { false }
    }

    private func script(_ text: String, at node: Node) -> ShellScript {
        let references = ShellScriptScanner.scan(text).references.prefix(ShellScript.mostPlacedReferences)
        return ShellScript(
            text, at: reader.location(of: node),
            referenceLocations: references.map { reference in
                reader.location(ofLine: reference.line, offset: reference.offset, in: node)
            })
    }

    private func parseUpload(_ node: Node, context: String) -> UploadTarget? {
        guard let pairs = reader.mapping(node, in: "upload", known: []) else { return nil }
        var target = UploadTarget(destinationName: "", location: reader.location(of: node))
        var sawTo = false
        for (key, keyNode, value) in pairs {
            if key == "to" {
                sawTo = true
                target.destinationName = reader.string(value, "upload.to") ?? ""
                continue
            }
            switch value {
            case .sequence(let items):
                target.parameters[key] = .list(items.compactMap { reader.template($0, "upload.\(key)") })
            case .mapping:
                target.parameters[key] = .map(reader.templateMap(value, "upload.\(key)", keys: .headerFields) ?? [:])
            default:
                if let template = reader.scalarText(value, "upload.\(key)") { target.parameters[key] = .scalar(template) }
            }
            target.parameterLocations[key] = reader.location(of: keyNode)
        }
        if !sawTo {
            bag.error("upload in \(context) needs 'to:' (one of \(UploadDestination.listed))", at: reader.location(of: node))
        }
        guard let destination = target.destination else { return target }
        for (key, value) in destination.defaults where target.parameters[key] == nil {
            let exclusive = destination.exclusiveChoices.first { $0.contains(key) } ?? []
            if exclusive.contains(where: { target.parameters[$0] != nil }) { continue }
            target.parameters[key] = .scalar(Template(value, at: target.location))
        }
        return target
    }
}
