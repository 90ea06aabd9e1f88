public import Foundation

/// `upload: { to: http }`: where, how, and the headers (credentials among them).
public struct HTTPSettings: DestinationSettings, Hashable {
    public static let destination = UploadDestination.http

    public var url: URL
    public var method: HTTPUploadMethod
    public var headers: [String: String]
    public var retry: UploadRetryPolicy

    public init(_ settings: UploadSettings) throws(UploadError) {
        url = try settings.required(UploadKeys.url, for: Self.destination)
        method = try settings.value(UploadKeys.method, for: Self.destination) ?? .put
        headers = settings.map("headers")
        retry = try settings.retryPolicy(for: Self.destination)
    }
}
