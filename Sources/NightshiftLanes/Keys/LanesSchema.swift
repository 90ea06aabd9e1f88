import NightshiftCore
import NightshiftSchema

/// The JSON Schema (draft-07, the one editors' YAML servers read fully) of lanes.yml, rendered
/// from `LanesKeys`: the keys and shapes the loader checks. It accepts what `validate` accepts
/// as far as shapes go and refuses what it refuses for unknown keys and wrong types; what needs
/// the whole file (a lane calling one that does not exist, a configuration's certificate on
/// disk) stays `validate`'s.
public enum LanesSchema {
    public static let draft = "http://json-schema.org/draft-07/schema#"

    /// What `nightshift schema` prints and `schema/lanes.schema.json` holds.
    public static func document() -> SchemaJSON {
        var pairs: [(String, SchemaJSON)] = [
            ("$schema", .string(draft)),
            ("title", .string("nightshift lanes.yml")),
            ("description", .string("The lanes nightshift runs: `nightshift validate` checks the rest.")),
        ]
        if case .object(let body) = render(.mapping(LanesKeys.file)) { pairs += body }
        return .object(pairs)
    }

    /// `1h30m`, `1.5m`, `90`, `250ms`, `1e3s`: what `DurationParser` reads.
    static let durationPattern =
        #"^[ \t]*(([0-9]+\.?[0-9]*|\.[0-9]+)(ms|s|m|h|d))+[ \t]*$|^[ \t]*([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?(ms|s|m|h)?[ \t]*$"#

    static func render(_ shape: ValueShape) -> SchemaJSON {
        switch shape {
        case .text: .object([("type", .array([.string("string"), .string("number"), .string("boolean")]))])
        case .flag: .object([("type", .string("boolean"))])
        case .whole(let minimum, let maximum):
            .object([("type", .string("integer")), ("minimum", .integer(minimum))] + (maximum.map { [("maximum", .integer($0))] } ?? []))
        case .number(let minimum, let maximum):
            .object([("type", .string("number")), ("minimum", .number(minimum)), ("maximum", .number(maximum))])
        case .duration:
            .object([
                ("type", .array([.string("string"), .string("number")])), ("minimum", .integer(0)), ("pattern", .string(durationPattern)),
            ])
        case .choice(let words, let variables):
            variables
                ? .object([
                    ("anyOf", .array([words.schemaEnum, .object([("type", .string("string")), ("pattern", .string(#"\$\{"#))])]))
                ]) : words.schemaEnum
        case .list(let item): .object([("type", .string("array")), ("items", render(item))])
        case .texts: .object([("anyOf", .array([render(.text), render(.list(.text))]))])
        case .mapping(let mapping): render(mapping)
        case .named(let value, let keys):
            .object(
                [("type", .string("object")), ("additionalProperties", render(value))]
                    + (keys.map { [("propertyNames", .object([("pattern", .string($0))]))] } ?? []))
        case .nothing: .object([("type", .array([.string("null"), .string("object")])), ("maxProperties", .integer(0))])
        case .either(let shapes): .object([("anyOf", .array(shapes.map(render)))])
        case .anything: .object([])
        case .steps: .object([("type", .string("array")), ("items", step())])
        case .upload: upload()
        }
    }

    static func render(_ mapping: KeyMapping, extra: [KeySpec] = []) -> SchemaJSON {
        let keys = mapping.keys + extra
        var pairs: [(String, SchemaJSON)] = [
            ("type", .string("object")),
            ("properties", .object(keys.map { ($0.name, described(render($0.shape), $0.summary)) })),
        ]
        let required = keys.filter(\.isRequired).map(\.name)
        if !required.isEmpty { pairs.append(("required", .array(required.map(SchemaJSON.string)))) }
        pairs.append(("additionalProperties", .bool(false)))
        return .object(pairs)
    }

    /// `description` first, so an editor's hover and the reference read it before the type.
    static func described(_ schema: SchemaJSON, _ summary: String) -> SchemaJSON {
        guard case .object(let pairs) = schema else { return schema }
        return .object([("description", .string(summary))] + pairs)
    }

    /// A bare kind (`- package`), or a mapping of exactly one kind and the options.
    static func step() -> SchemaJSON {
        let bare = LanesKeys.stepKinds.filter(\.isBare).map(\.keyword.rawValue)
        let kinds = LanesKeys.stepKinds.map { kind -> SchemaJSON in
            let own = KeySpec(kind.keyword.rawValue, kind.shape, required: true, kind.summary)
            return described(render(LanesKeys.stepOptions, extra: [own] + kind.ownOptions.keys), kind.summary)
        }
        return .object([("oneOf", .array([described(bare.schemaEnum, "A step written as its kind alone.")] + kinds))])
    }

    /// `to:` picks the destination; each destination takes the keys `UploadDestination` lists.
    static func upload() -> SchemaJSON {
        let names = UploadDestination.allCases.map(\.rawValue)
        let branches = UploadDestination.allCases.map { destination -> SchemaJSON in
            let keys = destination.requiredKeys.union(destination.optionalKeys).sorted()
            let properties = [("to", SchemaJSON.object([]))] + keys.map { ($0, render(LanesKeys.uploadParameter)) }
            return .object([
                ("if", .object([("properties", .object([("to", .object([("const", .string(destination.rawValue))]))]))])),
                ("then", .object([("properties", .object(properties)), ("additionalProperties", .bool(false))])),
            ])
        }
        return .object([
            ("type", .string("object")),
            ("properties", .object([("to", described(names.schemaEnum, "Where the build goes: \(UploadDestination.listed)."))])),
            ("required", .array([.string("to")])),
            ("allOf", .array(branches)),
        ])
    }
}

extension [String] {
    var schemaEnum: SchemaJSON { .object([("enum", .array(map(SchemaJSON.string)))]) }
}
