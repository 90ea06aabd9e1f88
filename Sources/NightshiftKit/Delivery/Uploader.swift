/// Sends a built file somewhere: App Store Connect, Firebase App Distribution, an HTTP store, a folder.
// Owned by the delivery work; the shape follows STYLE.md §3.5 and may be refined there.
public protocol Uploader: Sendable {
    func upload(_ request: UploadRequest, progress: @escaping @Sendable (UploadProgress) -> Void) async throws -> UploadReceipt
}

public struct UploadRequest: Sendable {
    public var file: String
    /// The destination's settings, templates already expanded.
    public var parameters: [String: UploadParameter]
    public var environment: EnvironmentVariables

    public init(file: String, parameters: [String: UploadParameter], environment: EnvironmentVariables) {
        self.file = file
        self.parameters = parameters
        self.environment = environment
    }
}

public struct UploadProgress: Sendable, Hashable {
    public var bytesSent: Int64
    public var totalBytes: Int64

    public init(bytesSent: Int64, totalBytes: Int64) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }
}

public struct UploadReceipt: Sendable, Hashable {
    /// Where the build went: a release URL or a path.
    public var location: String

    public init(location: String) {
        self.location = location
    }
}

/// `upload: { to: firebase }` → the uploader for it.
public struct UploaderRegistry: Sendable {
    public var uploaders: [String: any Uploader]

    public init(_ uploaders: [String: any Uploader] = [:]) {
        self.uploaders = uploaders
    }

    public func uploader(for destination: String) -> (any Uploader)? { uploaders[destination] }
}
