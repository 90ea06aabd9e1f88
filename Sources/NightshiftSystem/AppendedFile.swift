import Foundation

/// Adds text at the end of a file others write too (GitHub's `$GITHUB_STEP_SUMMARY`, which every
/// step of a job appends to): opened with `O_APPEND`, so each write lands at the end whoever
/// wrote before, and never truncated. Created when missing.
public enum AppendedFile {
    /// Appends what `make` returns, given the file's size before (0 when it has none, such as a
    /// FIFO): a writer bounded by a total (GitHub's 1 MiB per step) can see what is left.
    /// `O_NONBLOCK`: a FIFO nobody reads is refused (ENXIO) rather than waited on forever; a
    /// regular file ignores it.
    public static func append(to path: String, _ make: (_ existingBytes: Int) -> [UInt8]) throws(SystemCallError) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else { throw .last("cannot write '\(path)'") }
        defer { close(descriptor) }
        let end = lseek(descriptor, 0, SEEK_END)
        let bytes = make(end > 0 ? Int(end) : 0)
        guard bytes.withUnsafeBytes({ DescriptorWriter.writeAll(descriptor, $0) }) else { throw .last("cannot write '\(path)'") }
    }
}
