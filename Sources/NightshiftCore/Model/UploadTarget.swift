/// `upload: { to: firebase, app: …, groups: [developers] }`: where a build goes, and the
/// destination's own settings, checked by the loader against that destination's known keys.
public struct UploadTarget: Sendable, Hashable {
    /// `to:` as written, which the validator reports when it names no destination.
    public var destinationName: String
    /// Every key but `to`, as written.
    public var parameters: [String: UploadParameter]
    /// Where each parameter's key stands, for diagnostics.
    public var parameterLocations: [String: SourceLocation]
    public var location: SourceLocation?

    public init(destinationName: String, parameters: [String: UploadParameter] = [:], location: SourceLocation? = nil) {
        self.destinationName = destinationName
        self.parameters = parameters
        self.parameterLocations = [:]
        self.location = location
    }

    public subscript(key: String) -> UploadParameter? { parameters[key] }
}

public enum UploadParameter: Sendable, Hashable {
    case scalar(Template)
    case list([Template])
    case map([String: Template])

    public var templates: [Template] {
        switch self {
        case .scalar(let value): [value]
        case .list(let values): values
        case .map(let values): values.keys.sorted().compactMap { values[$0] }
        }
    }
}
