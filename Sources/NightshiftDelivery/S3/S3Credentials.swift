/// Temporary AWS credentials, as Apple's Notary API hands them out with a submission (they last
/// 12 hours). Never printed: `S3Uploader` puts none of them in a log line or an error.
public struct S3Credentials: Sendable, Equatable {
    public var accessKeyID: String
    public var secretAccessKey: String
    public var sessionToken: String?

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }
}

/// Where an object goes: Apple names both (`notary-submissions-prod`, `prod/AROA…:<uuid>`).
public struct S3Object: Sendable, Equatable, CustomStringConvertible {
    public var bucket: String
    public var key: String

    public init(bucket: String, key: String) {
        self.bucket = bucket
        self.key = key
    }

    public var description: String { "s3://\(bucket)/\(key)" }
}
