/// PUT sends the raw file; POST sends it as the `file` field of a multipart form.
public enum HTTPUploadMethod: String, Sendable, Hashable {
    case put = "PUT"
    case post = "POST"
}
