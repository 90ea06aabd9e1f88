import Foundation
import NightshiftSystem

/// Reading a tool's result file, whole or streamed, refusing what is not a regular file (a FIFO
/// would block for ever, a device never end) and, whole, what is too large to be a result.
enum TestResultsFile {
    /// 2 GiB: ten times the largest result a 50,000-test run writes.
    static let maximumSize: Int64 = 2 << 30

    static func contents(of path: String, what: String) throws(TestResultsError) -> Data {
        do {
            return try WholeFile.contents(of: path, atMost: maximumSize)
        } catch {
            if case .tooLarge(let size) = error { throw tooLarge(what, path, size: size, maximum: maximumSize) }
            throw TestResultsError("cannot read \(what) '\(path)': \(error.reason(reading: path, limit: maximumSize))")
        }
    }

    /// The file at `path` open for a streamed read: memory stays flat whatever its size, so the
    /// only bound is `maximum`, the time a reader may spend (none when nil).
    static func open(_ path: String, what: String, atMost maximum: Int64? = nil) throws(TestResultsError) -> ReadableFile {
        guard FileKind.of(path, followingLinks: true) != .absent else {
            throw TestResultsError("cannot read \(what) '\(path)': no such file")
        }
        let file: ReadableFile
        do {
            file = try ReadableFile(path: path)
        } catch {
            throw TestResultsError("cannot read \(what) '\(path)': \(error.reason(opening: path))")
        }
        if let maximum, file.size > maximum {
            file.close()
            throw tooLarge(what, path, size: file.size, maximum: maximum)
        }
        return file
    }

    private static func tooLarge(_ what: String, _ path: String, size: Int64, maximum: Int64) -> TestResultsError {
        TestResultsError("\(what) '\(path)' is \(size) bytes, more than any real result (\(maximum))")
    }
}
