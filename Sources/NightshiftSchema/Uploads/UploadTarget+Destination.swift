public import NightshiftCore

/// The model keeps `to:` as written; which destination it names is the schema's to say.
extension UploadTarget {
    public init(destination: UploadDestination, parameters: [String: UploadParameter] = [:], location: SourceLocation? = nil) {
        self.init(destinationName: destination.rawValue, parameters: parameters, location: location)
    }

    /// nil when `to:` names none (or is missing).
    public var destination: UploadDestination? { UploadDestination(rawValue: destinationName) }
}
