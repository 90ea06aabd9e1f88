/// `upload: { to: folder }`: the directory the build is copied into.
public struct FolderSettings: DestinationSettings, Hashable {
    public static let destination = UploadDestination.folder

    public var path: String
    public var retry: UploadRetryPolicy

    public init(_ settings: UploadSettings) throws(UploadError) {
        path = try settings.required("path", for: Self.destination)
        retry = try settings.retryPolicy(for: Self.destination)
    }
}
