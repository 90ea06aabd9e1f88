extension AppStoreConnectBuildNumbers {
    /// `GET /v1/builds`: only the build number (`version`) is read.
    struct Build: Decodable {
        struct Attributes: Decodable {
            var version: String?
        }

        var id: String
        var attributes: Attributes?
    }

    /// `GET /v1/apps/{id}/buildUploads`: the number an upload holds, of which platform.
    struct BuildUpload: Decodable {
        struct Attributes: Decodable {
            var cfBundleVersion: String?
            var platform: String?
        }

        var id: String
        var attributes: Attributes?
    }
}
