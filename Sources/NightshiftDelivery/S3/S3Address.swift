import Foundation

/// The URL of an object and of its multipart sub-resources: virtual-hosted
/// (`https://<bucket>.s3.<region>.amazonaws.com/<key>`) unless an endpoint is given, then
/// path-style (`<endpoint>/<bucket>/<key>`), the key encoded once as botocore encodes it.
struct S3Address: Sendable {
    var object: S3Object
    var region: String
    var endpoint: URL?

    /// A query parameter; a nil value is a bare name (`?uploads`).
    typealias Parameter = (name: String, value: String?)

    /// Refuses what would not reach the object as named: an empty key or bucket, and a key with
    /// a `.` or `..` segment, which HTTP clients resolve away before sending (RFC 3986 §5.2.4).
    init(object: S3Object, region: String, endpoint: URL?) throws(S3Error) {
        guard !object.key.isEmpty else { throw S3Error(.rejected, "cannot upload to \(object): the key is empty") }
        guard Self.isBucketName(object.bucket) else {
            throw S3Error(.rejected, "cannot upload to \(object): '\(object.bucket)' is not an S3 bucket name")
        }
        if object.key.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }) {
            throw S3Error(.rejected, "cannot upload to \(object): a '.' or '..' segment in the key would be rewritten on the way")
        }
        self.object = object
        self.region = region
        self.endpoint = endpoint
    }

    /// S3's rules for bucket names: 3 to 63 lower-case letters, digits, dots and hyphens.
    static func isBucketName(_ name: String) -> Bool {
        (3...63).contains(name.utf8.count)
            && name.utf8.allSatisfy {
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
            }
    }

    func url(_ parameters: [Parameter] = []) throws(S3Error) -> URL {
        let encodedKey = S3URIEncoding.path(object.key)
        var text: String
        if let endpoint {
            var base = endpoint.absoluteString
            while base.hasSuffix("/") { base.removeLast() }
            text = "\(base)/\(S3URIEncoding.path(object.bucket))/\(encodedKey)"
        } else {
            text = "https://\(object.bucket).s3.\(region).amazonaws.com/\(encodedKey)"
        }
        if !parameters.isEmpty {
            text +=
                "?"
                + parameters.map { name, value in
                    S3URIEncoding.queryComponent(name) + (value.map { "=" + S3URIEncoding.queryComponent($0) } ?? "")
                }.joined(separator: "&")
        }
        guard let url = URL(string: text) else {
            throw S3Error(.rejected, "cannot make a URL for \(object) from '\(endpoint?.absoluteString ?? region)'")
        }
        return url
    }
}
