/// `upload: { to: firebase, app: …, groups: [developers] }`: where a build goes, and the
/// destination's own settings, checked by the loader against that destination's known keys.
public struct UploadTarget: Sendable, Hashable {
    /// `testflight`, `firebase`, `http` or `folder`.
    public var destination: String
    /// Every key but `to`, as written.
    public var parameters: [String: UploadParameter]
    /// Where each parameter's key stands, for diagnostics.
    public var parameterLocations: [String: SourceLocation]
    public var location: SourceLocation?

    public init(destination: String, parameters: [String: UploadParameter] = [:], location: SourceLocation? = nil) {
        self.destination = destination
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
