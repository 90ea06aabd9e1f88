/// One destination's settings, typed: decoded from an upload's expanded parameters by its
/// initialiser, the one place that turns them into values (key by key through `UploadKeys`),
/// when the upload runs. Uploaders see only these.
public protocol DestinationSettings: Sendable {
    static var destination: UploadDestination { get }
    init(_ settings: UploadSettings) throws(UploadError)
}
