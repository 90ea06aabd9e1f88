import NightshiftSystem

/// The local file an S3 upload sends, opened as every uploader reads one: regular files only,
/// without blocking, refused in the words the others use ("cannot upload '…': it is a FIFO").
/// Sized once by the uploader, then opened again for each part's digest.
enum S3LocalFile {
    static func open(_ path: String) throws(S3Error) -> ReadableFile {
        do {
            return try ReadableFile(path: path)
        } catch {
            throw S3Error(.localFile, "cannot upload '\(path)': \(error.reason(opening: path))")
        }
    }
}
