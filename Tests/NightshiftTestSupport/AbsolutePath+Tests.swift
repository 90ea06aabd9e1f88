public import NightshiftSystem

extension AbsolutePath {
    /// `path`, which a test writes absolute: a relative one is the test's mistake, and stops it.
    public static func test(_ path: String) -> AbsolutePath {
        do { return try AbsolutePath(validating: path) } catch { preconditionFailure("a test's path \(path): \(error)") }
    }
}
